/**
 * What `react` and `react-dom` resolve to in the console (vite.config.ts `reactAsPreact`): Preact's
 * compat layer, made to behave as React does where the code written for React (ours and the
 * libraries') depends on it:
 *
 * - `useId`: Preact numbers ids per render root, and a portal (every MUI dialog, menu and popover)
 *   can start counting again from the start, so a field in a dialog could get the id of a field behind
 *   it, and its label and helper text would point at that one. Ids here come from one counter.
 * - `autoFocus`: React focuses a button, input, select or textarea with `autoFocus` when it mounts, and
 *   renders no attribute; Preact only sets the attribute, which the browser honours once per page, so
 *   a dialog's first field would not get the focus. Here such an element is focused when it mounts.
 * - An uncontrolled textarea (`value` undefined, as MUI's multiline fields pass it to react-hook-form's
 *   fields): Preact's compat layer empties it on every render. Here `value` is left out, as React
 *   ignores it.
 * - Effects (useEffect): Preact runs them after the next paint. React runs those of a render that an
 *   input (a click, a key) caused before the next task, and any still waiting before it handles the next
 *   input, so a handler finds what the last render's effects set up, and focus moves in the order the
 *   libraries expect. react-query relies on the first: a mutation's per-call `onSuccess` fires only for
 *   a component whose effect has subscribed it. MUI on the second: a menu that closes gives the focus
 *   back to its button in an effect, before the dialog its item opened focuses its first field. Here
 *   effects are run at those moments too.
 */
import { options, type Ref, type VNode } from 'preact';
import compat, { useState } from 'preact/compat';

// The module is an ES module with named exports; only its type definitions are written as `export =`.
// @ts-expect-error TS2498: a module declared with `export =` cannot be re-exported with `export *`.
export * from 'preact/compat';

let lastId = 0;

/** An id unique in the page for the component's life (no server rendering to agree with). */
export function useId(): string {
  const [id] = useState(() => `_r_${(lastId++).toString(32)}_`);
  return id;
}

export default { ...compat, useId };

const FOCUSABLE_ON_MOUNT = new Set(['button', 'input', 'select', 'textarea']);
const focusedOnMount = new WeakSet<HTMLElement>();

function focusOnMount(element: HTMLElement | null): void {
  if (!element || focusedOnMount.has(element)) return;
  focusedOnMount.add(element);
  element.focus();
}

/** One wrapper per ref, so a ref that stays the same across renders still does (no detach, no refocus). */
const focusingRefs = new WeakMap<object, Ref<HTMLElement>>();

function focusingRef(ref: Ref<HTMLElement> | null | undefined): Ref<HTMLElement> {
  if (!ref) return focusOnMount;
  let wrapped = focusingRefs.get(ref);
  if (!wrapped) {
    wrapped = (element: HTMLElement | null) => {
      focusOnMount(element);
      if (typeof ref === 'function') return ref(element);
      ref.current = element;
      return undefined;
    };
    focusingRefs.set(ref, wrapped);
  }
  return wrapped;
}

type ElementProps = { autoFocus?: unknown; value?: unknown };

const nextVNodeHook = options.vnode;
options.vnode = (vnode: VNode<ElementProps>) => {
  if (typeof vnode.type === 'string') {
    if (FOCUSABLE_ON_MOUNT.has(vnode.type) && vnode.props.autoFocus) {
      const { autoFocus: _, ...props } = vnode.props;
      vnode.props = props;
      vnode.ref = focusingRef(vnode.ref as Ref<HTMLElement> | null);
    }
    if (vnode.type === 'textarea' && 'value' in vnode.props && vnode.props.value == null) {
      const { value: _, ...props } = vnode.props;
      vnode.props = props;
    }
  }
  nextVNodeHook?.(vnode);
};

/**
 * The events a person causes, after which React runs the waiting effects. Not focus and blur: those also
 * fire while Preact commits a render (an element focused or removed), before the new elements' refs are
 * set, and an effect run then would find them empty.
 */
const INPUT_EVENTS = new Set([
  'click',
  'auxclick',
  'contextmenu',
  'dblclick',
  'mousedown',
  'mouseup',
  'pointerdown',
  'pointerup',
  'touchstart',
  'touchend',
  'keydown',
  'keyup',
  'keypress',
  'beforeinput',
  'input',
  'change',
  'submit',
  'reset',
  'paste',
  'cut',
  'copy',
  'drop',
]);

/** Preact's effect run, which it hands to `options.requestAnimationFrame` to call after the next paint. */
let runWaitingEffects: (() => void) | undefined;
options.requestAnimationFrame = (run: () => void) => {
  runWaitingEffects = run;
  // As Preact schedules it: after the next frame, or after 35 ms when no frame comes (a hidden tab).
  const runAfterPaint = () => {
    clearTimeout(timeout);
    if (frame !== undefined) cancelAnimationFrame(frame);
    setTimeout(run);
  };
  const timeout = setTimeout(runAfterPaint, 35);
  const frame =
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(runAfterPaint) : undefined;
};

/** An input was handled in this task: the renders it causes run their effects once committed. */
let afterInput = false;
/** How many diffs are under way: more than none while a render is not finished. */
let diffing = 0;

const nextEventHook = options.event;
options.event = (event: Event) => {
  if (INPUT_EVENTS.has(event.type)) {
    // Nothing to do when no effect waits: the run then finds an empty queue.
    runWaitingEffects?.();
    if (!afterInput) {
      afterInput = true;
      setTimeout(() => {
        afterInput = false;
        // No render is under way between tasks; a diff that threw past its end is not counted on.
        diffing = 0;
      });
    }
  }
  return nextEventHook ? nextEventHook(event) : event;
};

/**
 * Preact's hooks into each diff and each commit (`options._diff` and `options._commit`, published under
 * these short names since Preact 10; preact/hooks runs layout effects from the latter). A commit ends a
 * render unless another one is still diffing: a portal (MUI's dialogs, menus) renders its content in a
 * render of its own, in the middle of its parent's, whose effects must wait for the parent's commit.
 */
const internalOptions = options as typeof options & {
  __b?: (vnode: VNode) => void;
  __c?: (root: VNode, commitQueue: unknown[]) => void;
};
const nextDiffHook = internalOptions.__b;
internalOptions.__b = (vnode) => {
  diffing++;
  nextDiffHook?.(vnode);
};
const nextDiffedHook = options.diffed;
options.diffed = (vnode) => {
  diffing = Math.max(0, diffing - 1);
  nextDiffedHook?.(vnode);
};
const nextCommitHook = internalOptions.__c;
internalOptions.__c = (root, commitQueue) => {
  // preact/hooks runs the layout effects here; the effects of a render an input caused follow.
  nextCommitHook?.(root, commitQueue);
  if (afterInput && diffing === 0) runWaitingEffects?.();
};
