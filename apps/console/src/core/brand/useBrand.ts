import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { brandQuery } from '../system.queries';
import { BRAND_INFO, type BrandInfo, DEFAULT_BRAND } from './brands';

/** The brand to draw, or undefined while the brand call is under way (so no wrong logo flashes). */
export function useBrand(): BrandInfo | undefined {
  const { data, isError } = useQuery(brandQuery);
  if (data) return BRAND_INFO[data.brand];
  return isError ? BRAND_INFO[DEFAULT_BRAND] : undefined;
}

function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  link.type = 'image/svg+xml';
  link.href = href;
}

/** Puts the brand's title and icon on the browser tab. */
export function BrandHead(): null {
  const brand = useBrand();
  useEffect(() => {
    if (!brand) return;
    document.title = brand.title;
    setFavicon(brand.icon);
  }, [brand]);
  return null;
}
