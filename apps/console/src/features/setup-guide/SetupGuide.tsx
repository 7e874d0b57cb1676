import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type SetupGuide as Guide,
  SETUP_GUIDE_WORDS,
  type SetupStep,
  type SetupStepKey,
  setupGuideEndpoints,
} from '@skyvault/contract';
import { useId } from 'react';
import { toConnections, toGroups, toRoleCreate, toStorages, toUsers } from '../../core/paths/links';
import { useCan } from '../../core/session/permissions';
import { notify } from '../../core/toasts/notify';
import { SetupGuideStep, type StepAction } from './SetupGuideStep';
import { useDismissSetupGuide, useSetupGuide } from './setupGuide.queries';

const { steps: WORDS } = SETUP_GUIDE_WORDS;

interface ShownStep {
  title: string;
  description: string;
  actions: StepAction[];
}

type Shows = (step: SetupStep, doneOf: (key: SetupStepKey) => boolean) => ShownStep;

/** A step with one button. */
const oneAction =
  (words: { title: string; description: string; action: string }, to: string): Shows =>
  (step) => ({ ...words, actions: [{ label: words.action, to, done: step.done }] });

/** How each of the API's steps is shown; the group has no entry: it is the role step's second part. */
const SHOWN: Partial<Record<SetupStepKey, Shows>> = {
  connectSalesforce: oneAction(WORDS.connectSalesforce, toConnections()),
  addStorage: oneAction(WORDS.addStorage, toStorages()),
  createRole: (step, doneOf) => ({
    ...WORDS.roleAndGroup,
    actions: [
      { label: WORDS.roleAndGroup.roleAction, to: toRoleCreate(), done: step.done },
      { label: WORDS.roleAndGroup.groupAction, to: toGroups(), done: doneOf('createGroup') },
    ],
  }),
  inviteUsers: oneAction(WORDS.inviteUsers, toUsers()),
};

/** The API's steps as the guide shows them, in the API's order. */
function shownSteps(guide: Guide): ShownStep[] {
  const doneOf = (key: SetupStepKey) => guide.steps.some((step) => step.key === key && step.done);
  return guide.steps.flatMap((step) => SHOWN[step.key]?.(step, doneOf) ?? []);
}

/**
 * The setup guide above a new organization's first screen: what is left before the team can use the
 * services, each step ticked off from the real data and with a button to where it is done. Hidden once
 * every step is done or when an administrator hides it (for the whole organization; 'Show the setup
 * guide' brings it back while steps are left). Nothing shows
 * while it loads or if it cannot be loaded: the screen below works without it.
 */
export function SetupGuide() {
  const titleId = useId();
  const guide = useSetupGuide();
  const dismiss = useDismissSetupGuide();
  // Hiding and showing the guide is for the whole organization: organization:write's (an Owner's).
  const canChange = useCan()(setupGuideEndpoints.update);
  if (!guide.data || guide.data.complete) return null;
  if (guide.data.dismissed) {
    if (!canChange) return null;
    // Hidden with steps left: a quiet way back, where the guide would be.
    return (
      <Button size="small" onClick={() => dismiss.mutate(false)} disabled={dismiss.isPending} sx={{ mb: 2 }}>
        {SETUP_GUIDE_WORDS.showAgain}
      </Button>
    );
  }

  const steps = shownSteps(guide.data);
  const doneCount = steps.filter((step) => step.actions.every((action) => action.done)).length;
  const progress = SETUP_GUIDE_WORDS.progress(doneCount, steps.length);
  const hide = () =>
    dismiss.mutate(true, { onSuccess: () => notify(SETUP_GUIDE_WORDS.dismissed, 'success') });

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, mb: 3, borderTop: 4, borderTopColor: 'primary.main' }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <Stack sx={{ flex: 1, gap: 0.5 }}>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
            {SETUP_GUIDE_WORDS.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {SETUP_GUIDE_WORDS.intro}
          </Typography>
        </Stack>
        {canChange && (
          <IconButton
            aria-label={SETUP_GUIDE_WORDS.dismiss}
            onClick={hide}
            disabled={dismiss.isPending}
            edge="end"
          >
            <CloseIcon />
          </IconButton>
        )}
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mt: 2 }}>
        {/* A picture of the words beside it, which say it to everyone: not a loading indicator. */}
        <LinearProgress
          variant="determinate"
          value={(doneCount / steps.length) * 100}
          aria-hidden
          sx={{ flex: 1, height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {progress}
        </Typography>
      </Stack>
      <Stack component="ol" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {steps.map((step) => (
          <SetupGuideStep key={step.title} {...step} />
        ))}
      </Stack>
    </Paper>
  );
}
