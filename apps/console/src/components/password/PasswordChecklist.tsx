import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import { PASSWORD_CHECKLIST } from '@skyvault/contract';

/** Read by screen readers only: the icon's colour alone would not tell them which rules are met. */
const screenReaderOnly = {
  position: 'absolute',
  // Strings: MUI reads the numbers 0 to 1 as percentages.
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The live rules under a new password (SPEC.md §5): a green check once met, grey until then. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <Box
      component="ul"
      aria-label="Password requirements"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        gap: 0.5,
      }}
    >
      {PASSWORD_CHECKLIST.map((check) => {
        const met = check.test(password);
        return (
          <Box
            component="li"
            key={check.id}
            data-met={met}
            sx={{
              position: 'relative',
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              typography: 'body2',
              color: met ? 'success.main' : 'text.secondary',
            }}
          >
            <CheckCircleIcon
              fontSize="small"
              aria-hidden
              sx={{ color: met ? 'success.main' : 'action.disabled' }}
            />
            {check.label}
            <Box component="span" sx={screenReaderOnly}>
              {met ? ' (met)' : ' (not met)'}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
