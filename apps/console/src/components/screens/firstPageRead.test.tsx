import { groupEndpoints } from '@skyvault/contract';
import { describe, expect, it, vi } from 'vitest';
import { adoptEarlyReads, startEarlyReads } from '../../core/api/earlyReads';
import { resourceList } from '../../core/api/resourceQueries';
import { createQueryClient } from '../../core/queryClient';
import { stubFetch } from '../../test/fetchStub';
import { firstPageRead } from './firstPageRead';

const groups = resourceList('groups', groupEndpoints.list);

describe('a list screen opened cold', () => {
  it('has the page and search of its address read under the key its screen reads', async () => {
    const fetchMock = stubFetch({ 'GET /api/v1/groups': { body: { groups: [], total: 0 } } });
    const tree = [{ path: '/groups', handle: firstPageRead(groups.listQuery) }];
    await startEarlyReads(tree, '/groups', '?page=3&pageSize=25&search=ops');
    const asked = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(asked)).toEqual({ limit: '25', offset: '50', searchText: 'ops' });
    const queryClient = createQueryClient(vi.fn());
    adoptEarlyReads(queryClient);
    // The key GroupsPage's useGroups(pageQueryOf(list)) reads for that address.
    const key = groups.listQuery({ limit: 25, offset: 50, searchText: 'ops' }).queryKey;
    expect(queryClient.getQueryData(key)).toEqual({ groups: [], total: 0 });
  });

  it('asks for the first page without a search when the address names none', async () => {
    const fetchMock = stubFetch({ 'GET /api/v1/groups': { body: { groups: [], total: 0 } } });
    await startEarlyReads([{ path: '/groups', handle: firstPageRead(groups.listQuery) }], '/groups', '');
    const asked = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(asked)).toEqual({ limit: '10', offset: '0' });
  });
});
