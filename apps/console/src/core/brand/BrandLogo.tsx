import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useBrand } from './useBrand';

/** The brand's mark and name; the name takes the surrounding text colour (light on the top bar). */
export function BrandLogo({ size = 32 }: { size?: number }) {
  const brand = useBrand();
  // Until the brand is known keep the space, so nothing shifts when the logo appears.
  if (!brand) return <Box sx={{ width: size * 4, height: size }} aria-hidden />;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit' }}>
      <Box component="img" src={brand.icon} alt="" width={size} height={size} sx={{ display: 'block' }} />
      <Typography component="span" sx={{ fontWeight: 700, fontSize: size * 0.6, letterSpacing: 0.2 }}>
        {brand.name}
      </Typography>
    </Box>
  );
}
