import { Burger, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useId, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { isNavAction, type NavItem } from './nav-items';
import classes from './site-nav.module.css';

/**
 * Main navigation: a row of links on wide screens; under 768px a menu button that opens the same links as a
 * panel below the header bar.
 */
export interface SiteNavProps {
  items: NavItem[];
  /** Runs the Sign Out entry. */
  onSignOut?: () => void;
}

export function SiteNav({ items, onSignOut }: SiteNavProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const burgerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // A chosen link navigates; the open menu would otherwise cover the new page.
  useEffect(() => close(), [pathname, close]);

  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      burgerRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [opened, close]);

  const renderItems = (variant: 'inline' | 'menu') =>
    items.map((item) => (
      <li key={item.key}>
        {isNavAction(item) ? (
          <Button
            variant="outline"
            color="white"
            className={classes.actionButton}
            onClick={onSignOut}
            fullWidth={variant === 'menu'}
            size={variant === 'menu' ? 'md' : 'sm'}
          >
            {item.label}
          </Button>
        ) : item.emphasis ? (
          <Button
            component={Link}
            to={item.to}
            fullWidth={variant === 'menu'}
            size={variant === 'menu' ? 'md' : 'sm'}
          >
            {item.label}
          </Button>
        ) : (
          <NavLink to={item.to} className={classes.link}>
            {item.label}
          </NavLink>
        )}
      </li>
    ));

  return (
    <nav aria-label="Main navigation" className={classes.nav}>
      <ul className={classes.inlineList}>{renderItems('inline')}</ul>
      {items.length > 0 && (
        <>
          <Burger
            ref={burgerRef}
            className={classes.burger}
            opened={opened}
            onClick={toggle}
            color="#ffffff"
            aria-label={opened ? 'Close navigation menu' : 'Open navigation menu'}
            aria-expanded={opened}
            aria-controls={menuId}
          />
          <div id={menuId} className={classes.menuPanel} hidden={!opened}>
            <ul className={classes.menuList}>{renderItems('menu')}</ul>
          </div>
        </>
      )}
    </nav>
  );
}
