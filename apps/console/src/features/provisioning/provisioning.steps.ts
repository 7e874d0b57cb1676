/**
 * The set-up steps the page numbers, for each provider, and the rules that hold for both. They say where
 * the base URL and the token go, which attributes map, that userName is the e-mail address, that
 * administrators are never changed by SCIM, and how groups are pushed (docs/scim.md, README).
 */
export const OKTA_STEPS: readonly string[] = [
  'In the Okta Admin Console, open Applications → Applications and the app integration your users sign in to the console with (OpenID Connect: Security → Identity Providers). On General → App Settings, choose Edit, tick "Enable SCIM provisioning" and save.',
  'On the Provisioning tab → Integration, choose Edit. SCIM connector base URL: paste the SCIM base URL above. Unique identifier field for users: userName. Supported provisioning actions: Push New Users, Push Profile Updates and Push Groups. Authentication Mode: HTTP Header; Authorization: paste the SCIM token.',
  'Choose Test Connector Configuration: Okta reads the users and groups once. Then save.',
  'On Provisioning → To App, choose Edit and enable Create Users, Update User Attributes and Deactivate Users.',
  'On the Sign On tab, set the Application username format to Email: userName must be the user’s e-mail address, which is how they sign in to the console.',
  'Keep the default attribute mappings: userName ← the username (the e-mail), givenName ← firstName, familyName ← lastName, primary work email ← email. Attributes the console does not keep are accepted and ignored.',
  'On Assignments, assign the people or groups to provision.',
  'On Push Groups, choose + Push Groups, find the groups to send and save. Each becomes a console group with its members.',
];

export const ENTRA_STEPS: readonly string[] = [
  'In the Microsoft Entra admin center, open Enterprise applications and the application your users sign in to the console with (or New application → Create your own application, not from the gallery).',
  'Open Provisioning and set Provisioning Mode to Automatic.',
  'Under Admin Credentials, Tenant URL: paste the SCIM base URL above; Secret Token: paste the SCIM token. Choose Test Connection, then Save.',
  'Under Mappings → Provision Microsoft Entra ID Users: userName ← userPrincipalName when it is the user’s e-mail address, otherwise ← mail (userName must be the e-mail they sign in with); emails[type eq "work"].value ← mail; name.givenName ← givenName; name.familyName ← surname; active ← the default Switch([IsSoftDeleted], …). Other attributes are accepted and ignored.',
  'Keep Provision Microsoft Entra ID Groups enabled (displayName and members), so that assigned groups are pushed with their members.',
  'Under Users and groups, assign the users and groups to provision; keep Scope on "Sync only assigned users and groups".',
  'Set Provisioning Status to On and save. Entra ID provisions about every 40 minutes; Provision on demand tries one user at once.',
];

export const SCIM_RULES: readonly string[] = [
  'userName is the user’s e-mail address in the console: the address they sign in with and receive mail at. A different work e-mail sent beside it is kept apart and never replaces it.',
  'Administrators are never changed by SCIM: their name, address and status stay as set in the console, and SCIM cannot make anyone an administrator. Users that were here before SCIM are left alone until an administrator puts them under SCIM.',
  'Provisioned users are active at once without an invitation e-mail and sign in with single sign-on. Deactivating a user in the provider disables them here and ends their sessions.',
  'A pushed group gets a role that takes no licence seat ("Read only" when your organization has no role yet); give it its real role under User Management → Groups.',
];
