import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { config } from "@/lib/config";
import { signInStaffUser } from "@/lib/staff/sign-in";
import { endStaffSession, openStaffSession } from "@/lib/auth/sessions";
import { isUuid } from "@/lib/ids";

/**
 * How long a dashboard session lasts from sign-in; it ends sooner when the user signs out (that
 * session), signs out everywhere (all of theirs) or is disabled: every request checks (lib/auth/sessions.ts).
 */
export const SESSION_HOURS = 12;

// next-auth v4 builds its own URLs from NEXTAUTH_URL; without it, this server's public address.
if (!process.env.NEXTAUTH_URL && !process.env.AUTH_TRUST_HOST) process.env.NEXTAUTH_URL = config.publicUrl;

/**
 * Staff sign-in for the dashboard: email and password (argon2id), then the TOTP code when it is on.
 * The JWT carries only the staff user's id and the id of the session's row (`sid`, made at sign-in);
 * the brand comes from the URL; all are checked on every request (lib/auth/context.ts
 * contextFromStaffSession, lib/staff/brands.ts staffHome), so signing out, which deletes the row,
 * ends the session on every instance, and a copy of the cookie is refused with it.
 */
export const authOptions: NextAuthOptions = {
  secret: process.env.NEXTAUTH_SECRET || process.env.AUTH_SECRET,
  session: { strategy: "jwt", maxAge: SESSION_HOURS * 60 * 60, updateAge: 0 },
  jwt: { maxAge: SESSION_HOURS * 60 * 60 },
  pages: { signIn: "/sign-in", error: "/sign-in" },
  providers: [
    CredentialsProvider({
      name: "Staff",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" }, code: { label: "Code", type: "text" } },
      async authorize(credentials) {
        const result = await signInStaffUser({ email: credentials?.email ?? "", password: credentials?.password ?? "", code: credentials?.code || null });
        // The reason reaches the sign-in form as `error` (WRONG, TOTP_REQUIRED or TOTP_WRONG).
        if (!result.ok) throw new Error(result.reason);
        return { id: result.staffUserId, email: result.email, name: result.name };
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        token.staffUserId = user.id;
        token.sid = await openStaffSession(user.id, SESSION_HOURS * 60 * 60);
      }
      return token;
    },
    session({ session, token }) {
      const str = (v: unknown) => (typeof v === "string" ? v : undefined);
      return { ...session, staffUserId: str(token.staffUserId), sessionId: str(token.sid) };
    },
  },
  events: {
    async signOut({ token }) {
      if (typeof token?.sid === "string" && isUuid(token.sid) && typeof token.staffUserId === "string" && isUuid(token.staffUserId)) {
        await endStaffSession(token.sid, token.staffUserId);
      }
    },
  },
};
