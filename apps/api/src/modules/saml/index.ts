/** SAML 2.0 identity providers: their metadata, our SP key pair, used assertions and test results. */
export { assertionFacts, responseDestination } from './assertion-facts.js';
export { type IdpMetadata, parseIdpMetadata, SamlMetadataError } from './idp-metadata.js';
export {
  findTestResult,
  insertTestResult,
  markAssertionSeen,
  type SamlSettingsRow,
} from './saml-records.js';
export {
  createSamlSettings,
  type ReadMetadata,
  type SamlSettings,
  type SamlSettingsInput,
  samlDetails,
} from './saml-settings.js';
