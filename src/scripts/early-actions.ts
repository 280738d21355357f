/**
 * What a member did in an island before its code hydrated it (`client:early`, see
 * `src/integration/client-early.ts`), handed to the island once React owns the DOM.
 *
 * Typed text, ticked boxes and chosen options stay in the DOM through hydration, but React does not
 * know of them: a controlled field would be reset to its state on the next render, and its onChange
 * never ran. When the member changed a field of the island before hydration (the directive marks the
 * island with {@link EARLY_INPUT_ATTRIBUTE}), the island's root announces every field whose value
 * differs from the one the server rendered, as the browser would have (an `input`, `click` or `change`
 * event); then it presses the button (or submits the form) the member pressed before hydration, marked
 * with {@link EARLY_ACTION_ATTRIBUTE}. Islands nobody touched are left alone.
 */

/** Marks the button (or form) the member pressed before hydration; the island presses it again. */
export const EARLY_ACTION_ATTRIBUTE = 'data-early-action';
/** Marks an island (`astro-island`) whose fields the member changed before hydration. */
export const EARLY_INPUT_ATTRIBUTE = 'data-early-input';

/** Sets a property with the element's own (prototype) setter, which React's value tracker does not see. */
function setNative(element: HTMLElement, property: 'value' | 'checked', value: string | boolean): void {
  const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, property);
  descriptor?.set?.call(element, value);
}

const BUTTON_TYPES = new Set(['button', 'submit', 'reset', 'image', 'hidden']);

/** Tells React about one field the member changed before hydration; answers whether it did. */
function announce(field: Element): boolean {
  if (field instanceof HTMLSelectElement) {
    const changed = [...field.options].some((option) => option.selected !== option.defaultSelected);
    if (changed) field.dispatchEvent(new Event('change', { bubbles: true }));
    return changed;
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    const wanted = field.checked;
    // A radio group is announced through the button the member chose.
    if (wanted === field.defaultChecked || (field.type === 'radio' && !wanted)) return false;
    // Through the instance, so React's tracker records the old state; then the member's, unseen.
    field.checked = !wanted;
    setNative(field, 'checked', wanted);
    field.dispatchEvent(new Event('click', { bubbles: true }));
    return true;
  }
  if (field instanceof HTMLInputElement && field.type === 'file') {
    if (!field.files?.length) return false;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return true;
  }
  if ((field instanceof HTMLInputElement && !BUTTON_TYPES.has(field.type)) || field instanceof HTMLTextAreaElement) {
    const typed = field.value;
    if (typed === field.defaultValue) return false;
    const focused = field.ownerDocument.activeElement === field;
    const selection = focused ? ([field.selectionStart, field.selectionEnd] as const) : null;
    field.value = field.defaultValue;
    setNative(field, 'value', typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (selection && selection[0] !== null && selection[1] !== null) {
      try {
        field.setSelectionRange(selection[0], selection[1]);
      } catch {
        // Inputs without a selection (date, e-mail in some browsers): the caret stays where it is.
      }
    }
    return true;
  }
  return false;
}

/**
 * Hands `root`'s early input to React: announces the changed fields, then repeats the held press.
 * Called once by the island's root right after hydration (effects run after React took over the DOM).
 */
export function replayEarlyActions(root: Element): void {
  const island = root.closest(`[${EARLY_INPUT_ATTRIBUTE}]`);
  if (island) {
    island.removeAttribute(EARLY_INPUT_ATTRIBUTE);
    for (const field of root.querySelectorAll('input, textarea, select')) announce(field);
  }
  const held = root.querySelector(`[${EARLY_ACTION_ATTRIBUTE}]`);
  if (!held) return;
  held.removeAttribute(EARLY_ACTION_ATTRIBUTE);
  if (held instanceof HTMLFormElement) held.requestSubmit();
  else if (held instanceof HTMLElement) held.click();
}
