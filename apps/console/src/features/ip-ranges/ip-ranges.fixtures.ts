import type { IpRange } from '@skyvault/contract';

export const OFFICE_ID = '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
export const office: IpRange = {
  id: OFFICE_ID,
  name: 'Head office',
  startIPAddress: '198.51.100.0',
  endIPAddress: '198.51.100.255',
  // Local times, so the expected text holds in any time zone.
  createdAt: new Date(2025, 2, 4, 14, 5).toISOString(),
  updatedAt: new Date(2025, 2, 5, 9, 30).toISOString(),
};
export const lab: IpRange = {
  id: '4d2e3f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
  name: 'Lab v6',
  startIPAddress: '2001:db8:1::',
  endIPAddress: '2001:db8:1::ffff',
  createdAt: new Date(2025, 2, 6, 8, 0).toISOString(),
  updatedAt: new Date(2025, 2, 6, 8, 0).toISOString(),
};
