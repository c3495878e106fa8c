import type { FieldValues, Path } from 'react-hook-form';
import { TextField } from './fields';
import { type PlaceForm, RegionComunaFields } from './region-comuna-fields';

/**
 * Where and whom to deliver to, as a saved address and a quotation's delivery data both ask it:
 * e-mail and phone, the street address, región and comuna. The form names its fields as the API
 * does (correo_contacto, telefono_contacto, direccion_envio, region, comuna).
 */
export function ContactoFields<T extends FieldValues>({ form, direccionLabel }: { form: PlaceForm<T>; direccionLabel: string }) {
  const field = (name: 'correo_contacto' | 'telefono_contacto' | 'direccion_envio') => ({
    ...form.register(name as Path<T>),
    error: (form.formState.errors as Partial<Record<typeof name, { message?: string }>>)[name]?.message,
  });
  return (
    <>
      <div className="form__row">
        <TextField label="Correo de contacto" type="email" autoComplete="email" {...field('correo_contacto')} />
        <TextField label="Teléfono" type="tel" autoComplete="tel" placeholder="+56 9 1234 5678" {...field('telefono_contacto')} />
      </div>
      <TextField label={direccionLabel} autoComplete="street-address" placeholder="Av. Providencia 1234, oficina 5" {...field('direccion_envio')} />
      <RegionComunaFields form={form} />
    </>
  );
}
