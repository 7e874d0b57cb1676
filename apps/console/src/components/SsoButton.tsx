import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { iconUrl } from '@skyvault/contract';

export interface SsoButtonProps {
  text: string;
  imageId: string | null;
  /** Where the button goes (the provider's start path); without it the button is a preview. */
  href?: string;
}

const icon = (imageId: string | null) =>
  imageId ? (
    // Decorative: the text names the provider.
    <Box component="img" src={iconUrl(imageId)} alt="" sx={{ width: 20, height: 20, objectFit: 'contain' }} />
  ) : undefined;

/**
 * A sign-in button of an identity provider: its image and text. It is a plain link, so the browser
 * loads the start path as a document and the API can send it on to the provider.
 */
export function SsoButton({ text, imageId, href }: SsoButtonProps) {
  if (href) {
    return (
      <Button
        component="a"
        href={href}
        variant="outlined"
        color="secondary"
        size="large"
        fullWidth
        startIcon={icon(imageId)}
      >
        {text}
      </Button>
    );
  }
  // The admin screens' preview: looks like the button, does nothing, and is read as what it shows.
  return (
    <Button
      component="div"
      role="img"
      aria-label={`Login button: ${text}`}
      tabIndex={-1}
      disableRipple
      variant="outlined"
      color="secondary"
      size="large"
      startIcon={icon(imageId)}
      sx={{ cursor: 'default', pointerEvents: 'none', maxWidth: 360, width: '100%' }}
    >
      {text}
    </Button>
  );
}
