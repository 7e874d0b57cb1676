import CheckIcon from '@mui/icons-material/Check';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ACTION_LABELS,
  licenseEndpoints,
  PRODUCT_LABELS,
  type ServiceKey,
  TOASTS,
  TRIAL_DAYS,
} from '@skyvault/contract';
import { useId } from 'react';
import { PermittedButton } from '../../components/PermittedButton';
import { notify } from '../../core/toasts/notify';
import { TRIAL_TITLE, trialFeatures } from './licenseLimits';
import { useStartTrial } from './licenses.queries';

/**
 * The plan card of a product without a licence (SPEC.md §2): the 14-day free trial, its button and what
 * it includes. Starting it reloads the tab's state, which then shows the new licence.
 */
export function TrialOfferCard({ product }: { product: ServiceKey }) {
  const titleId = useId();
  const featuresId = useId();
  const startTrial = useStartTrial();
  const start = () => startTrial.mutate(product, { onSuccess: () => notify(TOASTS.trialStarted, 'success') });

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 420, borderTop: 4, borderTopColor: 'primary.main' }}
    >
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
        {TRIAL_TITLE}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {PRODUCT_LABELS[product]}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1, my: 2 }}>
        <Typography component="p" sx={{ fontSize: '2.25rem', fontWeight: 700, lineHeight: 1.2 }}>
          $FREE
        </Typography>
        <Typography component="p" color="text.secondary">
          per {TRIAL_DAYS} days
        </Typography>
      </Stack>
      {/* Starting a trial is organization:write's (an Owner's): others see the offer and why not. */}
      <PermittedButton
        endpoint={licenseEndpoints.enableTrial}
        variant="contained"
        size="large"
        fullWidth
        onClick={start}
        loading={startTrial.isPending}
      >
        {ACTION_LABELS.startFreeTrial}
      </PermittedButton>
      <Typography id={featuresId} variant="subtitle2" component="h3" sx={{ mt: 3 }}>
        Included in the trial
      </Typography>
      <List dense aria-labelledby={featuresId}>
        {trialFeatures(product).map((feature) => (
          <ListItem key={feature} disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <CheckIcon color="success" fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={feature} />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
