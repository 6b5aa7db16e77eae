"use client";
import { useState } from "react";

/** The brand's logo, or its initial when there is none or it does not load (a logo lives on the brand's own host). */
export function Logo({ src, name, size }: { src: string | null; name: string; size: number }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className="p-monogram" aria-hidden="true" style={{ width: size, height: size, fontSize: size * 0.45 }}>
        {name.trim().charAt(0).toUpperCase() || "?"}
      </span>
    );
  }
  return <img src={src} alt="" width={size} height={size} onError={() => setFailed(true)} />;
}
