import { describe, expect, it } from 'vitest';
import { NotSvgError, sanitizeSvg } from './svg-sanitizer.js';

const clean = (svg: string) => sanitizeSvg(Buffer.from(svg));

describe('sanitizeSvg', () => {
  it('keeps drawing: shapes, gradients, filters, text and references inside the image', () => {
    const svg = clean(
      '\uFEFF<!-- logo --><svg viewBox="0 0 8 8"><defs><radialGradient id="r"><stop offset="1"/></radialGradient>' +
        '<filter id="f"><feGaussianBlur stdDeviation="1"/></filter></defs>' +
        '<g transform="scale(2)" filter="url(#f)"><ellipse cx="2" cy="2" rx="1" ry="1" fill="url(\'#r\')"/></g>' +
        '<use xlink:href="#r"/><text x="1" y="7" font-size="2">Acme &amp; Co</text></svg>',
    );
    expect(svg).toMatch(/^<svg viewBox="0 0 8 8" xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    for (const kept of [
      '<radialGradient id="r">',
      '<feGaussianBlur stdDeviation="1">',
      'filter="url(#f)"',
      `fill="url('#r')"`,
      '<use xlink:href="#r">',
      'Acme &amp; Co',
    ]) {
      expect(svg).toContain(kept);
    }
  });

  it('drops what can run, load or link', () => {
    const svg = clean(
      '<svg onload="x()"><script>x()</script><set attributeName="href" to="javascript:x()"/>' +
        '<animate onbegin="x()"/><a xlink:href="https://evil.example"><rect/></a>' +
        '<rect style="background:url(//evil.example/t.png)" fill="url(https://evil.example/#a)"/>' +
        '<rect style="fill:\\75rl(https://evil.example)"/><use href="data:image/svg+xml;base64,AAAA"/>' +
        '<image xlink:href="https://evil.example/p.png"/><iframe src="https://evil.example"/></svg>',
    );
    for (const gone of [
      'onload',
      'script',
      'x()',
      '<set',
      '<animate',
      '<a ',
      'evil.example',
      'data:',
      '<image',
      'iframe',
      'style=',
    ]) {
      expect(svg, gone).not.toContain(gone);
    }
    expect(svg).toContain('<rect></rect>');
  });

  it('refuses documents whose root is not <svg>', () => {
    for (const text of [
      '',
      '<html><svg/></html>',
      '<?xml version="1.0"?><foo/>',
      '<SVG></SVG>',
      '{"svg":1}',
    ]) {
      expect(() => clean(text), text).toThrow(NotSvgError);
    }
    expect(() => sanitizeSvg(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toThrow(NotSvgError);
  });
});
