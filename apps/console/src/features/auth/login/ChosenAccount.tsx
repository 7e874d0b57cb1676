import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Who is logging in to which tenant, as far as the earlier steps have told. */
export function ChosenAccount({ email, tenantName }: { email?: string; tenantName?: string }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}>
      {email && <Entry term="Email" value={email} />}
      {tenantName && <Entry term="Tenant" value={tenantName} />}
    </Box>
  );
}

function Entry({ term, value }: { term: string; value: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}
