/** What a USER sees instead of an ADMIN-only page (the server refuses them the verbs too). */
export function AdminOnly({ title, what }: { title: string; what: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p className="alert info" role="note">
        Only an ADMIN staff user can {what}. Ask an ADMIN of your account if you need a change.
      </p>
    </>
  );
}

export const isAdmin = (ctx: { actor: { kind: string; accessLevel?: string } }) => ctx.actor.kind === "staff" && ctx.actor.accessLevel === "ADMIN";
