import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * Text fields for requisites and contacts. `required` shows the red asterisk only (validation
 * is the form's job, see lib/validators: the browser's own English popups stay off).
 */
export type FieldProps = Omit<TextInputProps, 'required'> & { required?: boolean };

export function RequiredTextInput({ required, ...props }: FieldProps) {
  return <TextInput withAsterisk={required} {...props} />;
}

export function InnInput({ required, ...props }: FieldProps) {
  return (
    <TextInput
      withAsterisk={required}
      label="ИНН"
      inputMode="numeric"
      maxLength={12}
      autoComplete="off"
      {...props}
    />
  );
}

export function KppInput({ required, ...props }: FieldProps) {
  return <TextInput withAsterisk={required} label="КПП" maxLength={9} autoComplete="off" {...props} />;
}

export function OgrnInput({ required, ...props }: FieldProps) {
  return (
    <TextInput
      withAsterisk={required}
      label="ОГРН"
      inputMode="numeric"
      maxLength={15}
      autoComplete="off"
      {...props}
    />
  );
}

export function BikInput({ required, ...props }: FieldProps) {
  return (
    <TextInput
      withAsterisk={required}
      label="БИК"
      inputMode="numeric"
      maxLength={9}
      autoComplete="off"
      {...props}
    />
  );
}

export function AccountInput({ required, ...props }: FieldProps) {
  return (
    <TextInput
      withAsterisk={required}
      label="Расчётный счёт"
      inputMode="numeric"
      maxLength={20}
      autoComplete="off"
      {...props}
    />
  );
}

export function EmailInput({ required, ...props }: FieldProps) {
  return <TextInput withAsterisk={required} label="E-mail" type="email" autoComplete="email" {...props} />;
}

export function PhoneInput({ required, ...props }: FieldProps) {
  return (
    <TextInput
      withAsterisk={required}
      label="Телефон"
      type="tel"
      autoComplete="tel"
      placeholder="+7 900 000-00-00"
      {...props}
    />
  );
}
