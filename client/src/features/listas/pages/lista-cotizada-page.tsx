/** The reminder e-mail's link: opens the results of the quotation prepared for a list. (Placeholder: the reminders' engineer builds it.) */
export default function ListaCotizadaPage() {
  return null;
}
