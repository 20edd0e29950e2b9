import { ActionIcon, Popover, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** HelpTip's popover (help-tip.tsx loads it): Popover and Floating UI stay off the rankings' first screen. */
export function HelpPopover({ label, children }: { label: string; children: string }) {
  return (
    <Popover width={300} position="bottom" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label}>
          <IconInfoCircle size={16} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={400} tt="none" style={{ whiteSpace: 'normal' }}>
          {children}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
