import { z } from 'zod';

/** Chip colours the console uses for statuses (MUI palette names). */
export type ChipColor = 'success' | 'error' | 'info' | 'warning' | 'default';

/** Services a tenant can have enabled (SPEC.md §1). */
export const SERVICE_KEYS = ['backup', 'devOps'] as const;
export const serviceKeySchema = z.enum(SERVICE_KEYS);
export type ServiceKey = z.infer<typeof serviceKeySchema>;
export const SERVICE_LABELS: Record<ServiceKey, string> = {
  backup: 'Backup and Archive',
  devOps: 'DevOps',
};
