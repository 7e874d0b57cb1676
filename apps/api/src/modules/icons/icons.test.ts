import { ICON_MAX_BYTES, iconEndpoints, iconUrl, MESSAGES } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { auditEvents, icons } from '../../db/schema/index.js';

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z" fill="#e91e63"/></svg>';

/** A multipart body as a browser's FormData sends it. */
async function multipart(parts: {
  file?: { content: Buffer | string; name?: string; type?: string };
  fields?: Record<string, string>;
}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts.fields ?? {})) form.append(name, value);
  if (parts.file) {
    const { content, name = 'logo.svg', type = 'image/svg+xml' } = parts.file;
    const bytes = typeof content === 'string' ? content : new Uint8Array(content);
    form.append('file', new Blob([bytes], { type }), name);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

describe('icons', () => {
  const t = useTestApp();
  const api = apiCaller(t);

  const upload = async (u: TestUser | null, parts: Parameters<typeof multipart>[0]) => {
    const { payload, headers } = await multipart(parts);
    return call(t, { method: 'POST', url: '/api/v1/icons/upload', payload, headers, cookie: u?.cookie });
  };
  const uploaded = async (u: TestUser, svg: string, fileName = 'logo.svg') => {
    const res = await upload(u, { file: { content: svg }, fields: { fileName } });
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  };
  const served = (id: string) => api.send(null, 'GET', iconUrl(id));

  it('uploads an SVG, tells its file name and serves it publicly with a restrictive policy', async () => {
    const u = await createTenantWithUser(t);
    const res = await upload(u, { file: { content: LOGO }, fields: { fileName: 'Acme Logo.svg' } });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(res.json()).toEqual({ id: expect.any(String) });

    const info = await api.call(u, iconEndpoints.info, { params: { id } });
    expect(info.json()).toEqual({ fileName: 'Acme Logo.svg' });

    const image = await served(id);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(image.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('public, max-age=300');
    expect(image.body).toContain('<path d="M0 0h24v24H0z" fill="#e91e63"></path>');
    expect(image.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);

    const again = await call(t, {
      method: 'GET',
      url: iconUrl(id),
      headers: { 'if-none-match': String(image.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const [event] = await t.database.tenant(u.tenantId, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.targetId, id)),
    );
    expect(event).toMatchObject({ action: 'create', targetType: 'icon', actorId: u.userId });
    expect(event!.changes).toMatchObject({ fileName: { after: 'Acme Logo.svg' } });
  });

  it('strips scripts, handlers, foreign content and outside references', async () => {
    const u = await createTenantWithUser(t);
    const hostile = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>
  <rect width="10" height="10" fill="url(#g)" onclick="alert(3)" OnMouseOver="alert(4)"/>
  <a href="javascript:alert(5)"><circle r="2"/></a>
  <use href="#g"/><use xlink:href="https://evil.example/sprite.svg#icon"/>
  <image href="https://evil.example/track.png"/>
  <rect style="fill: url(https://evil.example/x)" fill="url('https://evil.example/y')"/>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hello<iframe src="https://evil.example"/></div></foreignObject>
  <style>@import url(https://evil.example/x.css);</style>
  <text x="1">&xxe;</text>
</svg>`;
    const id = await uploaded(u, hostile);
    const { body } = await served(id);
    for (const gone of [
      'script',
      'alert',
      'onload',
      'onclick',
      'javascript:',
      'evil.example',
      'foreignObject',
      'iframe',
      'hello',
      '<image',
      '<style',
      '@import',
      'DOCTYPE',
      'ENTITY',
      'passwd',
    ]) {
      expect(body, gone).not.toContain(gone);
    }
    // Drawing survives: the shapes, the gradient and references inside the image.
    expect(body).toContain('fill="url(#g)"');
    expect(body).toContain('<use href="#g"></use>');
    expect(body).toContain('<circle r="2"></circle>');
    expect(body).toContain('<stop offset="0" stop-color="#f00"></stop>');
  });

  it('refuses what is not an SVG document, whatever its name and type say', async () => {
    const u = await createTenantWithUser(t);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    for (const content of [png, '<html><body><svg></svg></body></html>', 'just text', '<svgx></svgx>']) {
      const res = await upload(u, { file: { content, name: 'logo.svg' }, fields: { fileName: 'logo.svg' } });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: MESSAGES.iconMustBeSvg,
        fields: { file: MESSAGES.iconMustBeSvg },
      });
    }
    const named = await upload(u, {
      file: { content: LOGO, name: 'logo.png' },
      fields: { fileName: 'logo.png' },
    });
    expect(named.statusCode).toBe(400);
    expect(named.json().fields).toEqual({ fileName: 'Button image must be an SVG file' });
    const noFile = await upload(u, { fields: { fileName: 'logo.svg' } });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields).toEqual({ file: 'File is required' });
    const json = await api.send(u, 'POST', '/api/v1/icons/upload', { fileName: 'logo.svg' });
    expect(json.statusCode).toBe(415);
  });

  it('refuses an image larger than the limit with 413', async () => {
    const u = await createTenantWithUser(t);
    const big = `<svg xmlns="http://www.w3.org/2000/svg"><desc>${'x'.repeat(ICON_MAX_BYTES)}</desc></svg>`;
    const res = await upload(u, { file: { content: big }, fields: { fileName: 'big.svg' } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      fields: { file: 'The image must not be larger than 256 KB.' },
    });
    const count = await t.database.tenant(u.tenantId, (tx) => tx.select().from(icons));
    expect(count).toHaveLength(0);
  });

  it("replaces one of the tenant's own icons, never another tenant's", async () => {
    const u = await createTenantWithUser(t);
    const id = await uploaded(u, LOGO);
    const replaced = await upload(u, {
      file: { content: LOGO.replace('#e91e63', '#112244') },
      fields: { fileName: 'new.svg', iconId: id },
    });
    expect(replaced.json()).toEqual({ id });
    expect((await served(id)).body).toContain('#112244');

    const other = await createTenantWithUser(t);
    const takeover = await upload(other, {
      file: { content: '<svg><circle r="9"/></svg>' },
      fields: { fileName: 'x.svg', iconId: id },
    });
    expect(takeover.statusCode).toBe(404);
    expect((await served(id)).body).toContain('#112244');
    const info = await api.call(other, iconEndpoints.info, { params: { id } });
    expect(info.statusCode).toBe(404);
  });

  it('is for administrators; unknown images answer 404', async () => {
    const member = await createTenantWithUser(t, { isAdmin: false });
    expect(
      (await upload(member, { file: { content: LOGO }, fields: { fileName: 'a.svg' } })).statusCode,
    ).toBe(403);
    expect((await upload(null, { file: { content: LOGO }, fields: { fileName: 'a.svg' } })).statusCode).toBe(
      401,
    );
    const u = await createTenantWithUser(t);
    const id = await uploaded(u, LOGO);
    expect((await api.call(member, iconEndpoints.info, { params: { id } })).statusCode).toBe(403);
    expect((await served('0b8a3f4e-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await served('not-an-id')).statusCode).toBe(404);
  });
});
