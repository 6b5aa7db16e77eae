-- The 30-second step of the last TOTP code a staff user used: a code is accepted once (lib/staff/totp.ts).
ALTER TABLE "staff_users" ADD COLUMN "totp_last_step" integer;
