import { Select, type SelectProps } from '@mantine/core';
import { GENDERS } from '@manto/contracts';
import { useTranslation } from 'react-i18next';

export function GenderSelect(props: Omit<SelectProps, 'data' | 'label'>) {
  const { t } = useTranslation('auth');
  const data = GENDERS.map((value) => ({ value, label: t(`gender.${value}`) }));
  return (
    <Select
      label={t('fields.gender')}
      placeholder={t('fields.genderPlaceholder')}
      data={data}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
