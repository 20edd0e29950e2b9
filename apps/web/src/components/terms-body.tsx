import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';

type Node = { type: string; children?: Node[] };

/**
 * Raw HTML in a body shows as the text it is, never as markup (docs/security.md): react-markdown would
 * drop it, and a reader should see what the author wrote.
 */
function htmlAsText() {
  const walk = (node: Node) => {
    if (node.type === 'html') node.type = 'text';
    node.children?.forEach(walk);
  };
  return walk;
}

/** What a terms body may hold; anything else (images, tables, code) is unwrapped to its text. */
const ALLOWED = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'br', 'blockquote'];

/**
 * A terms body (Markdown, rendered by react-markdown as React elements: no HTML string is ever inserted,
 * and `javascript:` and other unsafe link targets are emptied by its URL check). The title is the page's
 * h1 (or the dialog's title), so `#` and `##` both become `headingOrder` and deeper headings the level
 * below: no level is skipped.
 */
export function TermsBody({
  body,
  size = 'md',
  headingOrder = 2,
}: {
  body: string;
  size?: 'sm' | 'md';
  headingOrder?: 2 | 3;
}) {
  const heading =
    (level: number) =>
    ({ children }: { children?: ReactNode }) => (
      <Title order={(headingOrder + (level > 2 ? 1 : 0)) as 2 | 3 | 4} fz="lg" mt="xs">
        {children}
      </Title>
    );
  const components: Components = {
    h1: heading(1),
    h2: heading(2),
    h3: heading(3),
    h4: heading(4),
    h5: heading(5),
    h6: heading(6),
    p: ({ children }) => <Text size={size}>{children}</Text>,
    ul: ({ children }) => (
      <List size={size} spacing={4}>
        {children}
      </List>
    ),
    ol: ({ children }) => (
      <List type="ordered" size={size} spacing={4}>
        {children}
      </List>
    ),
    li: ({ children }) => <List.Item>{children}</List.Item>,
    // An unsafe target (javascript:…) arrives emptied: its text stays, with nothing to follow.
    a: ({ href, children }) =>
      href ? (
        <Anchor href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </Anchor>
      ) : (
        <>{children}</>
      ),
  };
  return (
    <Stack gap="sm">
      <Markdown remarkPlugins={[htmlAsText]} allowedElements={ALLOWED} unwrapDisallowed components={components}>
        {body}
      </Markdown>
    </Stack>
  );
}
