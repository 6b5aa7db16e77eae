import Link from "next/link";

/** An article's tags, each a link to the help articles with that tag. */
export function TagLinks({ tags }: { tags: string[] }) {
  if (!tags.length) return null;
  return (
    <ul className="p-tags" aria-label="Tags">
      {tags.map((t) => (
        <li key={t}>
          <Link href={`/portal/help?tag=${encodeURIComponent(t)}`}>#{t}</Link>
        </li>
      ))}
    </ul>
  );
}
