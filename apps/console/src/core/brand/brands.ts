import type { Brand } from '@skyvault/contract';
import flosumIcon from './flosum-icon.svg';
import skyvaultIcon from './skyvault-icon.svg';

export interface BrandInfo {
  name: string;
  /** The browser tab's title (SPEC.md §1). */
  title: string;
  /** Square mark: the favicon and the logo's symbol. */
  icon: string;
}

export const BRAND_INFO: Record<Brand, BrandInfo> = {
  skyvault: { name: 'Skyvault', title: 'Skyvault Console', icon: skyvaultIcon },
  flosum: { name: 'Flosum', title: 'Flosum Console', icon: flosumIcon },
};

/** Our own brand, used when the brand call fails. */
export const DEFAULT_BRAND: Brand = 'skyvault';
