import { List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Block =
  { kind: 'heading'; level: number; text: string } | { kind: 'list'; items: string[] } | { kind: 'text'; text: string };

/**
 * The few Markdown blocks terms use — `#`/`##`/`###` headings, `-`/`*` lists, paragraphs — and
 * `**bold**`, built as React elements: every character of the body stays text, so nothing in it
 * can become HTML (docs/security.md). Anything else shows as written.
 */
function parseTerms(body: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of body.split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    const heading = lines.length === 1 ? /^(#{1,3})\s+(.+)$/.exec(lines[0]!) : null;
    if (heading) blocks.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]! });
    else if (lines.every((line) => /^[-*]\s+/.test(line)))
      blocks.push({ kind: 'list', items: lines.map((line) => line.replace(/^[-*]\s+/, '')) });
    else blocks.push({ kind: 'text', text: lines.join('\n') });
  }
  return blocks;
}

function inline(text: string): ReactNode[] {
  return text.split(/\*\*(.+?)\*\*/g).map((part, index) => (index % 2 ? <strong key={index}>{part}</strong> : part));
}

/**
 * A terms body. The title is the page's h1 (or the dialog's title), so `#` and `##` both become
 * `headingOrder` and `###` the level below: no level is skipped.
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
  return (
    <Stack gap="sm">
      {parseTerms(body).map((block, index) =>
        block.kind === 'heading' ? (
          <Title key={index} order={(headingOrder + (block.level === 3 ? 1 : 0)) as 2 | 3 | 4} fz="lg" mt="xs">
            {inline(block.text)}
          </Title>
        ) : block.kind === 'list' ? (
          <List key={index} size={size} spacing={4}>
            {block.items.map((item, i) => (
              <List.Item key={i}>{inline(item)}</List.Item>
            ))}
          </List>
        ) : (
          <Text key={index} size={size} style={{ whiteSpace: 'pre-line' }}>
            {inline(block.text)}
          </Text>
        ),
      )}
    </Stack>
  );
}
