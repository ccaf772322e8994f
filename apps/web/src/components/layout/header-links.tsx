import { Menu, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { HEADER_LINKS } from '@zakupki/shared/access';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import classes from './app-header.module.css';
import { linksThatFit } from './header-fit';

/** «Положения о закупке» → two lines (first word, the rest) unless the screen is wide. */
function TwoLines({ text }: { text: string }) {
  const i = text.indexOf(' ');
  if (i === -1) return <>{text}</>;
  return (
    <>
      <span className={classes.line}>{text.slice(0, i)}</span>{' '}
      <span className={classes.line}>{text.slice(i + 1)}</span>
    </>
  );
}

/**
 * Section links; the contracts link is active on every /contracts… path. The links that do not fit
 * beside the company selector (a staff header on a laptop screen) move into «Ещё»: every link stays
 * rendered so its width can be measured, the ones moved are hidden (not in the accessibility tree).
 */
export function HeaderLinks() {
  const { pathname } = useLocation();
  const { ref, width } = useElementSize<HTMLElement>();
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const [shown, setShown] = useState<number>(HEADER_LINKS.length);
  useLayoutEffect(() => {
    setShown(
      linksThatFit(
        links.current.map((a) => a?.offsetWidth ?? 0),
        width,
      ),
    );
  }, [width]);
  const active = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  const rest = HEADER_LINKS.slice(shown);
  return (
    <nav aria-label="Разделы" className={classes.nav} ref={ref}>
      {HEADER_LINKS.map((l, i) => (
        <Link
          key={l.path}
          ref={(a) => {
            links.current[i] = a;
          }}
          to={l.path}
          className={i < shown ? classes.link : `${classes.link} ${classes.moved}`}
          aria-current={active(l.activePrefix) ? 'page' : undefined}
          aria-hidden={i < shown ? undefined : true}
          tabIndex={i < shown ? undefined : -1}
        >
          <TwoLines text={l.title} />
        </Link>
      ))}
      {rest.length > 0 ? (
        <Menu position="bottom-start" shadow="md" withinPortal>
          <Menu.Target>
            <UnstyledButton
              className={classes.link}
              aria-current={rest.some((l) => active(l.activePrefix)) ? 'page' : undefined}
            >
              Ещё ▾
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown aria-label="Ещё разделы">
            {rest.map((l) => (
              <Menu.Item key={l.path} component={Link} to={l.path}>
                {l.title}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </nav>
  );
}
