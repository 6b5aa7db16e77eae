import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { config } from "@/lib/config";
import { signInStaffUser } from "@/lib/staff/sign-in";

/** How long a dashboard session lasts; a disabled user's stops at once (every request checks). */
export const SESSION_HOURS = 12;

// next-auth v4 builds its own URLs from NEXTAUTH_URL; without it, this server's public address.
if (!process.env.NEXTAUTH_URL && !process.env.AUTH_TRUST_HOST) process.env.NEXTAUTH_URL = config.publicUrl;

/**
 * Staff sign-in for the dashboard: email and password (argon2id), then the TOTP code when it is on.
 * The JWT carries only the staff user's id; the brand comes from the URL and is checked on every
 * request (lib/auth/context.ts contextFromStaffSession).
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
    jwt({ token, user }) {
      if (user) token.staffUserId = user.id;
      return token;
    },
    session({ session, token }) {
      return { ...session, staffUserId: typeof token.staffUserId === "string" ? token.staffUserId : undefined };
    },
  },
};
