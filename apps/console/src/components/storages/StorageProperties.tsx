import Box from '@mui/material/Box';
import type { StorageProperties as Properties } from '@skyvault/contract';

/** Unknown: the keys may not read that setting (least-privilege keys often cannot), which is no failure. */
const UNKNOWN = 'Unknown';

/** What the bucket or container reports that matters for backups, label by label. */
export const storagePropertyRows = (properties: Properties | null): [string, string][] => [
  ['Versioning', properties?.versioning ?? UNKNOWN],
  ['Immutability', properties?.immutability ?? UNKNOWN],
  ['Encryption', properties?.encryption ?? UNKNOWN],
];

/** The properties as a short description list (the test's result in the dialog). */
export function StoragePropertiesList({ properties }: { properties: Properties | null }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}
    >
      {storagePropertyRows(properties).map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 500 }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
