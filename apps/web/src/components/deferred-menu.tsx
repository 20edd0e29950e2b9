import type { Menu as MantineMenu, MenuProps } from '@mantine/core';
import { whenSettled } from '#lib/when-settled.ts';
import {
  cloneElement,
  startTransition,
  useEffect,
  useId,
  useState,
  type ReactElement,
  type ReactNode,
  type SyntheticEvent,
} from 'react';

type MenuComponent = typeof MantineMenu;
type TargetProps = {
  onClick?: (event: SyntheticEvent) => void;
  onPointerDown?: (event: SyntheticEvent) => void;
  onPointerEnter?: (event: SyntheticEvent) => void;
  onFocus?: (event: SyntheticEvent) => void;
};

let loaded: MenuComponent | null = null;
let loading: Promise<MenuComponent> | null = null;
/** The deferred menus still drawn as their button alone: all become menus when the code arrives. */
const waiting = new Set<(menu: MenuComponent) => void>();
/**
 * The menu pressed before its code arrived, which opens when it does; by name, not in a component's
 * state: on a first visit the header is drawn twice (the first screen's fallback, then the layout's),
 * and a press on the first one must open the menu on the second. Closing it forgets the press.
 */
let pressedMenu: string | null = null;
const notePress = (key: string) => {
  pressedMenu = key;
};
const forgetPress = (key: string) => {
  if (pressedMenu === key) pressedMenu = null;
};

/** Mantine's Menu (with Popover and Floating UI, ≈ 20 kB gzip), fetched once for every deferred menu. */
function loadMenu(): Promise<MenuComponent> {
  loading ??= import('./menu-code.ts').then((m) => {
    loaded = m.Menu;
    for (const show of waiting) show(m.Menu);
    return m.Menu;
  });
  return loading;
}

interface DeferredMenuProps extends Omit<MenuProps, 'children' | 'defaultOpened'> {
  /** The button that opens the menu; shown as is until the menu's code has arrived. */
  target: ReactElement<TargetProps>;
  /** The dropdown's content, drawn with the Menu once loaded (Menu.Item, Menu.Label…). */
  children: (Menu: MenuComponent) => ReactNode;
  /** Names the menu across a redraw of the component (the header's: see pressedMenu); unnamed, it is its own. */
  name?: string;
}

/**
 * A menu (the header's, the duel's skip reasons) whose code loads after the first screen instead of
 * with it (docs/performance.md, initial JS budget): until then its button is drawn alone, the same
 * size and place, so nothing moves. Pointing at, focusing or clicking the button fetches the code at
 * once; a click made before it arrived opens the menu when it does.
 */
export function DeferredMenu({ target, children, name, ...props }: DeferredMenuProps) {
  const [Menu, setMenu] = useState<MenuComponent | null>(() => loaded);
  const ownName = useId();
  const key = name ?? ownName;

  useEffect(() => {
    if (Menu) return;
    // Every menu turns into one as soon as any of them has the code (a press on one loads it for all):
    // a menu pressed later must not be redrawn between its pointer-down and its click, which would
    // then land on the new button and close the menu it just opened.
    // In a transition: the five or so menus of a page turning into menus at once, in one default update,
    // were a long task of their own on a phone (docs/perf/first-screen.md); sliced, they leave room for input.
    const show = (menu: MenuComponent) => startTransition(() => setMenu(() => menu));
    if (loaded) return show(loaded);
    waiting.add(show);
    void whenSettled().then(loadMenu);
    return () => {
      waiting.delete(show);
    };
  }, [Menu]);

  if (!Menu) {
    const start = () => void loadMenu().then((menu) => setMenu(() => menu));
    const press = () => {
      if (!props.disabled) notePress(key);
      start();
    };
    // The press counts from pointer-down: if the code arrives between down and up, the button is drawn
    // anew inside the Menu and the browser sends the click nowhere, so a click alone would be lost.
    // Enter and Space still come as a click.
    return cloneElement(target, { onPointerEnter: start, onFocus: start, onPointerDown: press, onClick: press });
  }
  return (
    <Menu
      {...props}
      defaultOpened={pressedMenu === key}
      onClose={() => {
        forgetPress(key);
        props.onClose?.();
      }}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>{children(Menu)}</Menu.Dropdown>
    </Menu>
  );
}
