"use client";

import dynamic from "next/dynamic";
import "swagger-ui-react/swagger-ui.css";

// Swagger UI touches window on load, so it renders in the browser only.
const SwaggerUI = dynamic(() => import("swagger-ui-react"), {
  ssr: false,
  loading: () => <p style={{ padding: 24 }}>Loading the API reference…</p>,
});

/** The readable API reference, rendered from the generated OpenAPI document. */
export function ApiReference({ url }: { url: string }) {
  return <SwaggerUI url={url} docExpansion="list" defaultModelsExpandDepth={-1} tryItOutEnabled={false} />;
}
