import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type SetupGuide as Guide, SETUP_GUIDE_WORDS, type SetupStepKey } from '@skyvault/contract';
import { useId } from 'react';
import { toConnections, toGroups, toRoleCreate, toStorages, toUsers } from '../../core/paths/links';
import { notify } from '../../core/toasts/notify';
import { SetupGuideStep, type StepAction } from './SetupGuideStep';
import { useDismissSetupGuide, useSetupGuide } from './setupGuide.queries';

const { steps: WORDS } = SETUP_GUIDE_WORDS;

interface ShownStep {
  title: string;
  description: string;
  actions: StepAction[];
}

/** The API's steps as the guide shows them: the role and the group are one step of two parts. */
function shownSteps(guide: Guide): ShownStep[] {
  const done = (key: SetupStepKey) => guide.steps.find((step) => step.key === key)?.done;
  const shown: ShownStep[] = [];
  for (const step of guide.steps) {
    if (step.key === 'connectSalesforce')
      shown.push({
        ...WORDS.connectSalesforce,
        actions: [{ label: WORDS.connectSalesforce.action, to: toConnections(), done: step.done }],
      });
    if (step.key === 'addStorage')
      shown.push({
        ...WORDS.addStorage,
        actions: [{ label: WORDS.addStorage.action, to: toStorages(), done: step.done }],
      });
    if (step.key === 'createRole')
      shown.push({
        ...WORDS.roleAndGroup,
        actions: [
          { label: WORDS.roleAndGroup.roleAction, to: toRoleCreate(), done: step.done },
          { label: WORDS.roleAndGroup.groupAction, to: toGroups(), done: Boolean(done('createGroup')) },
        ],
      });
    if (step.key === 'inviteUsers')
      shown.push({
        ...WORDS.inviteUsers,
        actions: [{ label: WORDS.inviteUsers.action, to: toUsers(), done: step.done }],
      });
  }
  return shown;
}

/**
 * The setup guide above a new organization's first screen: what is left before the team can use the
 * services, each step ticked off from the real data and with a button to where it is done. Hidden once
 * every step is done or when an administrator hides it (for the whole organization). Nothing shows
 * while it loads or if it cannot be loaded: the screen below works without it.
 */
export function SetupGuide() {
  const titleId = useId();
  const guide = useSetupGuide();
  const dismiss = useDismissSetupGuide();
  if (!guide.data || guide.data.complete || guide.data.dismissed) return null;

  const steps = shownSteps(guide.data);
  const doneCount = steps.filter((step) => step.actions.every((action) => action.done)).length;
  const progress = SETUP_GUIDE_WORDS.progress(doneCount, steps.length);
  const hide = () =>
    dismiss.mutate(undefined, { onSuccess: () => notify(SETUP_GUIDE_WORDS.dismissed, 'success') });

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
        <IconButton
          aria-label={SETUP_GUIDE_WORDS.dismiss}
          onClick={hide}
          disabled={dismiss.isPending}
          edge="end"
        >
          <CloseIcon />
        </IconButton>
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
