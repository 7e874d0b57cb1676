import sanitizeHtml from 'sanitize-html';

/**
 * Login button images are SVG documents that anyone's browser loads from the login page, so they are
 * reduced to drawing: an allowlist of SVG elements and presentation attributes, references only to
 * fragments of the same image, no script, event handlers, foreign content, external resources,
 * DOCTYPE or entities. (They are also served with a CSP that forbids scripts; this is the first line.)
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

const SHAPES = ['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon'];
const STRUCTURE = ['svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc'];
const PAINT = ['linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern'];
const TEXT = ['text', 'tspan'];
const FILTERS = [
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComposite',
  'feDropShadow',
  'feFlood',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feOffset',
];

const PRESENTATION = [
  'id',
  'class',
  'style',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'color',
  'display',
  'visibility',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'vector-effect',
  'shape-rendering',
  'paint-order',
  'x',
  'y',
  'width',
  'height',
];

const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  '*': PRESENTATION,
  svg: ['xmlns', 'xmlns:xlink', 'viewBox', 'preserveAspectRatio', 'version'],
  symbol: ['viewBox', 'preserveAspectRatio'],
  use: ['href', 'xlink:href'],
  path: ['d', 'pathLength'],
  rect: ['rx', 'ry'],
  circle: ['cx', 'cy', 'r'],
  ellipse: ['cx', 'cy', 'rx', 'ry'],
  line: ['x1', 'y1', 'x2', 'y2'],
  polyline: ['points'],
  polygon: ['points'],
  linearGradient: [
    'x1',
    'y1',
    'x2',
    'y2',
    'gradientUnits',
    'gradientTransform',
    'spreadMethod',
    'href',
    'xlink:href',
  ],
  radialGradient: [
    'cx',
    'cy',
    'r',
    'fx',
    'fy',
    'gradientUnits',
    'gradientTransform',
    'spreadMethod',
    'href',
    'xlink:href',
  ],
  stop: ['offset', 'stop-color', 'stop-opacity'],
  clipPath: ['clipPathUnits'],
  mask: ['maskUnits', 'maskContentUnits'],
  pattern: ['patternUnits', 'patternContentUnits', 'patternTransform', 'viewBox', 'href', 'xlink:href'],
  text: ['dx', 'dy', 'rotate', 'textLength', 'lengthAdjust'],
  tspan: ['dx', 'dy', 'rotate', 'textLength', 'lengthAdjust'],
  filter: ['filterUnits', 'primitiveUnits'],
  feBlend: ['in', 'in2', 'mode', 'result'],
  feColorMatrix: ['in', 'type', 'values', 'result'],
  feComposite: ['in', 'in2', 'operator', 'k1', 'k2', 'k3', 'k4', 'result'],
  feDropShadow: ['dx', 'dy', 'stdDeviation', 'flood-color', 'flood-opacity', 'result'],
  feFlood: ['flood-color', 'flood-opacity', 'result'],
  feGaussianBlur: ['in', 'stdDeviation', 'result'],
  feMergeNode: ['in'],
  feOffset: ['in', 'dx', 'dy', 'result'],
};

/** A reference inside the image itself ('#id'): anything else could load or link elsewhere. */
const FRAGMENT = /^#[A-Za-z_][\w.-]*$/;
/** url(...) in a value: only url(#id) may stay. */
const URL_REF = /url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi;
/** A function call in a value, by its name. */
const FUNCTION = /([A-Za-z_-][\w-]*)\s*\(/g;
/**
 * The CSS functions a drawing uses: colours, arithmetic, transforms, filter effects and url(#id).
 * Any other (image-set(), image(), cross-fade(), src(), element(), paint() …) may load or show
 * something from outside the image, or will once browsers add it: refused rather than listed.
 */
const DRAWING_FUNCTIONS = new Set(
  [
    'url',
    'rgb',
    'rgba',
    'hsl',
    'hsla',
    'hwb',
    'lab',
    'lch',
    'oklab',
    'oklch',
    'color-mix',
    'calc',
    'min',
    'max',
    'clamp',
    'var',
    'matrix',
    'translate',
    'translatex',
    'translatey',
    'scale',
    'scalex',
    'scaley',
    'rotate',
    'skewx',
    'skewy',
    'blur',
    'brightness',
    'contrast',
    'drop-shadow',
    'grayscale',
    'hue-rotate',
    'invert',
    'opacity',
    'saturate',
    'sepia',
  ].map((name) => name.toLowerCase()),
);

/**
 * Whether an attribute value (a style attribute or a presentation attribute, both CSS) refers to
 * nothing outside the image. The parser has decoded character references already; CSS escapes,
 * comments and at-rules are refused outright, as they are how filters are dodged and a drawing
 * needs none of them.
 */
function safeValue(name: string, value: string): boolean {
  if (name === 'href' || name === 'xlink:href') return FRAGMENT.test(value.trim());
  // The namespaces the root is given (they are names, never loaded).
  if (name === 'xmlns' || name === 'xmlns:xlink') return value === SVG_NS || value === XLINK_NS;
  if (/[\\<@]|\/\*|\/\/|[a-z][\w+.-]*:\/\/|https?:|javascript:|data:|expression\s*\(/i.test(value)) {
    return false;
  }
  for (const match of value.matchAll(FUNCTION)) {
    if (!DRAWING_FUNCTIONS.has(match[1]!.toLowerCase())) return false;
  }
  for (const match of value.matchAll(URL_REF)) if (!FRAGMENT.test(match[2]!.trim())) return false;
  // A url( the pattern above could not read (unbalanced quotes …) is refused as well.
  return !/url\s*\(/i.test(value.replace(URL_REF, ''));
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...STRUCTURE, ...SHAPES, ...PAINT, ...TEXT, ...FILTERS],
  allowedAttributes: ALLOWED_ATTRIBUTES,
  // Nothing of these survives, not even their text.
  nonTextTags: ['script', 'style', 'foreignObject', 'iframe', 'object', 'embed', 'noscript', 'textarea'],
  disallowedTagsMode: 'discard',
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, decodeEntities: true },
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(Object.entries(attribs).filter(([name, value]) => safeValue(name, value))),
    }),
    // The root always declares its namespaces, so the image renders as SVG on its own.
    svg: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...Object.fromEntries(Object.entries(attribs).filter(([name, value]) => safeValue(name, value))),
        xmlns: SVG_NS,
        'xmlns:xlink': XLINK_NS,
      },
    }),
  },
};

/** The XML prolog, comments and any DOCTYPE (with its entity declarations) before the root. */
const PROLOG = /^(?:\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>)*/i;

export class NotSvgError extends Error {
  override name = 'NotSvgError';
}

/**
 * The sanitized image, or NotSvgError when the bytes are not an SVG document: text in UTF-8 whose
 * root element is <svg>. The name and the declared type of the upload are not trusted.
 */
export function sanitizeSvg(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new NotSvgError('not UTF-8 text');
  }
  const body = text.replace(PROLOG, '');
  if (!/^<svg[\s>/]/.test(body)) throw new NotSvgError('the root element is not <svg>');
  // Declarations anywhere else (an internal subset, entities) have no place in a drawing.
  const withoutDeclarations = body.replace(/<!(?:DOCTYPE|ENTITY|ELEMENT|ATTLIST)[\s\S]*?>/gi, '');
  const clean = sanitizeHtml(withoutDeclarations, OPTIONS).trim();
  if (!/^<svg[\s>]/.test(clean) || !clean.endsWith('</svg>')) {
    throw new NotSvgError('nothing of an SVG document is left');
  }
  return clean;
}
