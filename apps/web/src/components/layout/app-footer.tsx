import { Anchor, Container, Text } from '@mantine/core';
import { IconBrandInstagram, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openFeedbackDialog } from '#lib/feedback-dialog.ts';
import classes from './app-footer.module.css';

export const SOCIAL_URL = 'https://www.instagram.com/manto.app';

/**
 * Product title, current year, "Enviar feedback", the terms of use, the privacy page and the social media link; adapts at
 * 768px (docs/product.md §2).
 */
export function AppFooter() {
  const { t } = useTranslation('common');
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer}>
      <Container size="lg" className={classes.inner}>
        <div className={classes.brand}>
          <span className={classes.title}>{t('brand.name')}</span>
          <Text size="sm" c="dimmed">
            {t('footer.copyright', { year })}
          </Text>
        </div>
        <div className={classes.links}>
          <Anchor
            component="button"
            type="button"
            onClick={openFeedbackDialog}
            className={classes.social}
            size="sm"
            fw={700}
          >
            <IconMessageCircle size={18} stroke={1.6} aria-hidden />
            {t('feedback.send')}
          </Anchor>
          <Anchor component={Link} to="/termos" size="sm" fw={700}>
            {t('footer.terms')}
          </Anchor>
          <Anchor component={Link} to="/privacidade" size="sm" fw={700}>
            {t('footer.privacy')}
          </Anchor>
          <Anchor
            href={SOCIAL_URL}
            target="_blank"
            rel="noopener noreferrer"
            className={classes.social}
            size="sm"
            fw={700}
          >
            <IconBrandInstagram size={18} stroke={1.6} aria-hidden />
            {t('footer.social')}
          </Anchor>
        </div>
      </Container>
    </footer>
  );
}
