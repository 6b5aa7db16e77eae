"use client";
import { useEffect, useRef, useState } from "react";

/** The brand's logo, or its initial when there is none or it does not load (a logo lives on the brand's own host). */
export function Logo({ src, name, size }: { src: string | null; name: string; size: number }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error event before React listened: check once mounted.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (!src || failed) {
    return (
      <span className="p-monogram" aria-hidden="true" style={{ width: size, height: size, fontSize: size * 0.45 }}>
        {name.trim().charAt(0).toUpperCase() || "?"}
      </span>
    );
  }
  return <img ref={ref} src={src} alt="" width={size} height={size} onError={() => setFailed(true)} />;
}
