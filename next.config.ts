import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and WASM packages load from node_modules instead of being bundled.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "@node-rs/argon2", "pino"],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
