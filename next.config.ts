import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and WASM packages load from node_modules instead of being bundled; so does
  // rate-limiter-flexible, whose PostgreSQL store imports drizzle-orm by a computed name that a
  // bundle cannot resolve (bundled, every throttle fell back to counting in its own process).
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "@node-rs/argon2", "pino", "rate-limiter-flexible"],
  poweredByHeader: false,
  // An API path with a trailing slash answers the API's 404 naming the endpoint (lib/api/dispatch.ts)
  // rather than a redirect a client may not follow with its body; scripts/serve.js redirects pages.
  skipTrailingSlashRedirect: true,
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
