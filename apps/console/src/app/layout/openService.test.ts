import { afterEach, describe, expect, it, vi } from 'vitest';
import { availableServices } from './availableServices';
import { openService } from './openService';

describe('openService', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens the service URL in a new window without an opener', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openService('backup', { backup: 'https://backup.example.com/' });
    expect(open).toHaveBeenCalledWith('https://backup.example.com/', '_blank', 'noopener');
  });

  it("throws 'AppSwitcher: unknown service' for an unknown key", () => {
    expect(() => openService('payroll', { backup: 'https://backup.example.com/' })).toThrow(
      'AppSwitcher: unknown service',
    );
  });

  it('throws for a service the tenant has no link for', () => {
    expect(() => openService('devOps', { backup: 'https://backup.example.com/' })).toThrow(
      'AppSwitcher: unknown service',
    );
  });

  it('offers only services with a link', () => {
    expect(availableServices({ devOps: 'https://devops.example.com/' })).toEqual(['devOps']);
  });
});
