import { createServer, request, type Server } from "node:http";

export interface RoundRobin {
  server: Server;
  baseUrl: string;
  /** The instances requests go to, each request to the next in turn; may be changed between requests. */
  targets: string[];
  close(): Promise<void>;
}

/** A small load balancer on a free port: each request to the next of `targets` in turn (e2e/cluster.test.ts, bench/cluster). */
export function roundRobin(targets: string[]): Promise<RoundRobin> {
  let next = 0;
  const balancer = { targets } as RoundRobin;
  const server = createServer((req, res) => {
    const target = new URL(balancer.targets[next++ % balancer.targets.length]);
    const upstream = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  // Keep-alive connections from the clients would outlive close(): closed with it.
  balancer.close = () => new Promise((resolve) => (server.close(() => resolve()), server.closeAllConnections()));
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      balancer.server = server;
      balancer.baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      resolve(balancer);
    }),
  );
}
