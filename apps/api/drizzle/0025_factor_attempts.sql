-- Adding a second factor asks for a step-up once the user has one (issue 31). A TOTP device is added in
-- two calls: POST /mfa issues its secret (where the step-up is given) and POST /mfa/verify/:id enables it
-- later, from the code the new secret gives. The device remembers whether its current secret was issued
-- after a step-up, so that a secret issued without one (the user had no factor then) cannot be confirmed
-- once the user has another factor. Existing devices have no such proof: one still waiting for
-- confirmation is added again by a user who has a factor meanwhile.
-- (The per-user limit of second-factor guesses needs no schema: each try is counted before it is checked,
-- by the atomic upsert skyvault_hit of migration 0009.)
ALTER TABLE "mfa_devices" ADD COLUMN "issued_with_step_up" boolean DEFAULT false NOT NULL;
