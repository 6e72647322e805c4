// The admin feature's public surface: the frame other admin screens share. The panel (routes/) is lazy-loaded
// by the router.
export {
  AdminPageHeader,
  BackToAdminButton,
  type AdminPageHeaderProps,
} from './components/admin-page-header';
