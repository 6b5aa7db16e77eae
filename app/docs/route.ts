export const dynamic = "force-dynamic";

/**
 * The readable API reference: Swagger UI (the prebuilt swagger-ui-dist bundle, served from our own
 * origin, so it works offline) rendering the OpenAPI document generated from the endpoint table.
 */
const page = (nonce: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>API reference · Recurring Billing</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <style>body{margin:0} .topbar{display:none}</style>
</head>
<body>
  <div id="reference"><p style="font:15px system-ui;padding:24px">Loading the API reference…</p></div>
  <script nonce="${nonce}" src="/docs/assets/swagger-ui-bundle.js"></script>
  <script nonce="${nonce}">
    window.ui = SwaggerUIBundle({
      url: "/api/openapi.json",
      dom_id: "#reference",
      docExpansion: "list",
      defaultModelsExpandDepth: -1,
      deepLinking: true,
      filter: true,
    });
  </script>
</body>
</html>`;

/** The scripts carry the request's CSP nonce (proxy.ts), so the page renders per request. */
export function GET(req: Request) {
  const nonce = (req.headers.get("x-nonce") ?? "").replace(/[^A-Za-z0-9+/=]/g, "");
  return new Response(page(nonce), { headers: { "content-type": "text/html; charset=utf-8" } });
}
