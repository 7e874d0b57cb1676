import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type SamlTestResult, samlTestStartPath } from '@skyvault/contract';
import { useParams } from 'react-router';
import { DetailsCard, type DetailsField } from '../../components/DetailsCard';
import { formatDate } from '../../components/formatDate';
import { PageHeader } from '../../components/PageHeader';
import { toIdentityProvider, toIdentityProviders } from '../../core/paths/links';
import { useSamlTestResult } from './identity-providers.queries';

/**
 * Where a SAML Test sign-in lands: what the identity provider sent and whether it passed every check
 * of a real sign-in. Nobody was signed in and no user was created.
 */
export function SamlTestResultPage() {
  const { identityProviderId = '', resultId = '' } = useParams();
  const query = useSamlTestResult(identityProviderId, resultId);
  const result = query.data;
  const back = identityProviderId ? toIdentityProvider(identityProviderId) : toIdentityProviders();

  return (
    <>
      <PageHeader title="Test sign-in result" back={back} backLabel="Back to the identity provider" />
      <Stack sx={{ gap: 3, maxWidth: 720 }}>
        {query.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label="Loading the test result" />
          </Box>
        )}
        {query.isError && (
          <Alert severity="warning">
            This test result is no longer available (results are kept for 15 minutes). Run Test sign-in again.
          </Alert>
        )}
        {result && (
          <>
            {result.valid ? (
              <Alert severity="success">
                The response passed every check. A real sign-in would continue as{' '}
                {result.email ?? 'this person'}.
              </Alert>
            ) : (
              <Alert severity="error">The response was refused: {result.error}</Alert>
            )}
            <DetailsCard title="Person" item={result} fields={PERSON_FIELDS} />
            <AttributesTable attributes={result.attributes} />
          </>
        )}
        <Box>
          <Button variant="contained" href={samlTestStartPath(identityProviderId)}>
            Test again
          </Button>
        </Box>
      </Stack>
    </>
  );
}

const PERSON_FIELDS: DetailsField<SamlTestResult>[] = [
  { label: 'NameID', value: (r) => r.nameId ?? 'None' },
  { label: 'NameID format', value: (r) => r.nameIdFormat ?? 'None' },
  { label: 'E-mail', value: (r) => r.email ?? 'None' },
  { label: 'First name', value: (r) => r.firstName ?? 'None' },
  { label: 'Last name', value: (r) => r.lastName ?? 'None' },
  { label: 'Received', value: (r) => formatDate(r.createdAt) },
];

function AttributesTable({ attributes }: { attributes: SamlTestResult['attributes'] }) {
  const entries = Object.entries(attributes);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id="saml-attributes" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 2 }}>
        Attributes
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary">The identity provider sent no attributes.</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="saml-attributes">
            <TableHead>
              <TableRow>
                <TableCell scope="col">Name</TableCell>
                <TableCell scope="col">Value</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map(([name, value]) => (
                <TableRow key={name}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{name}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {Array.isArray(value) ? value.join(', ') : value}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
