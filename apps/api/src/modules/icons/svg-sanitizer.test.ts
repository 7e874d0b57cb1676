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

  it('drops every external reference in CSS, however it is spelled', () => {
    const references = [
      'fill:image-set("https://evil.example/a.png" 1x)',
      'fill:-webkit-image-set(url(https://evil.example/a.png) 1x)',
      "fill:image('https://evil.example/a.png')",
      'fill:cross-fade(url(#a), "https://evil.example/b.png")',
      'fill:src("https://evil.example/a.png")',
      'fill:element(#a)',
      'fill:paint(worklet)',
      'fill:u&#114;l(https://evil.example/a.png)',
      'fill:\\75 rl(https://evil.example/a.png)',
      'fill:u\\72l(https://evil.example/a.png)',
      '@import "https://evil.example/a.css"',
      '@im\\port "https://evil.example/a.css"',
      'font-family:"https://evil.example"',
      'font-family://evil.example',
      'fill:var(--x,url(https://evil.example/a.png))',
      'fill:URL( https://evil.example/a.png )',
      'fill:url(&quot;https://evil.example/a.png&quot;)',
    ];
    const attribute = (value: string) => `"${value.replaceAll('"', '&quot;').replaceAll("'", '&#39;')}"`;
    const body = references.map(
      (style) => `<rect style=${attribute(style)} fill=${attribute(style.replace(/^[^:]*:/, ''))}/>`,
    );
    const svg = clean(
      `<svg>${body.join('')}<style>rect{fill:image-set("https://evil.example/s.png" 1x)}` +
        '@import url(https://evil.example/s.css);</style></svg>',
    );
    for (const gone of ['evil.example', 'image-set', 'style', '@', 'worklet', 'element(']) {
      expect(svg, gone).not.toContain(gone);
    }
    expect(svg.match(/<rect>/g)).toHaveLength(references.length);
  });

  it('keeps the CSS of a drawing', () => {
    const style =
      'fill:rgb(10, 20, 30);stroke:hsl(120 50% 50%);opacity:calc(1 - 0.5);filter:drop-shadow(1px 1px 2px black)';
    const svg = clean(
      `<svg><rect style="${style}" fill="url(#g)" transform="translate(1 2) rotate(45)"/></svg>`,
    );
    expect(svg).toContain(`style="${style}"`);
    expect(svg).toContain('transform="translate(1 2) rotate(45)"');
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
