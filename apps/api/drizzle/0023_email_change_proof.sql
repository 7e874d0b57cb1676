-- A changed address is held until the user proves it with the link mailed to it: while
-- email_unproven_since is set, no password reset, invitation or e-mail login code goes to it, so
-- whoever changed an account's address to one they own cannot take the account over by mail.
-- Addresses set when a user is created are not held (their first mailed link proves them, as before),
-- and rows from before this column are not held either: nobody holds a proof link for them, and
-- holding them silently would leave their owners without "forgot password".
ALTER TABLE "users" ADD COLUMN "email_unproven_since" timestamp with time zone;
