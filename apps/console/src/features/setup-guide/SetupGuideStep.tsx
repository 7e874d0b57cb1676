import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SETUP_GUIDE_WORDS } from '@skyvault/contract';
import { Link } from 'react-router';

export interface StepAction {
  label: string;
  to: string;
  done: boolean;
}

/**
 * One step of the guide: ticked off when done, otherwise its buttons to the screen where it is done. A
 * step of two parts (a role and a group) keeps the button of the part still to do.
 */
export function SetupGuideStep({
  title,
  description,
  actions,
}: {
  title: string;
  description: string;
  actions: StepAction[];
}) {
  const done = actions.every((action) => action.done);
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: { xs: 1, sm: 2 }, py: 1.5, alignItems: { sm: 'center' } }}
    >
      <Stack direction="row" sx={{ gap: 1.5, flex: 1, minWidth: 0 }}>
        {done ? (
          <CheckCircleIcon color="success" sx={{ mt: 0.25 }} aria-hidden />
        ) : (
          <RadioButtonUncheckedIcon color="disabled" sx={{ mt: 0.25 }} aria-hidden />
        )}
        <Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.4 }}>
            {title}
            {/* Said in words too: the icon's colour is not the only sign. */}
            {done && (
              <>
                {' '}
                <Box
                  component="span"
                  sx={(theme) => ({
                    ml: 0.5,
                    fontSize: '0.875rem',
                    // Readable on either mode's paper: the darker green on light, the lighter on dark.
                    color: theme.palette.mode === 'dark' ? 'success.light' : 'success.dark',
                  })}
                >
                  {SETUP_GUIDE_WORDS.done}
                </Box>
              </>
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        </Box>
      </Stack>
      {!done && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', pl: { xs: 4.5, sm: 0 } }}>
          {actions
            .filter((action) => !action.done)
            .map((action) => (
              <Button key={action.label} component={Link} to={action.to} variant="outlined" size="small">
                {action.label}
              </Button>
            ))}
        </Stack>
      )}
    </Stack>
  );
}
