// In progress (issue 10): replaced by the screen itself before this lands.
export default function Page() {
  return null;
}
