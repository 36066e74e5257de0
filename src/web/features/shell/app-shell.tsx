import { Inbox, LogOut, Mail, Menu, Plus, X } from "lucide-react";
import { useState } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { Button } from "#web/components/ui/button.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { cn } from "#web/lib/cn.ts";
import { useAppInfo } from "../app-info/use-app-info.ts";
import { useSignOut } from "../auth/use-sign-out.ts";
import { navTabs, tabIdForPath } from "./nav-tabs.ts";
import { ThemeSwitcher } from "./theme-switcher.tsx";

function CaptureBanner() {
  return (
    // A labelled region (a landmark of its own), so screen-reader users
    // moving by landmarks find it and no content is outside a landmark.
    <section
      aria-label="Mail delivery"
      className="flex flex-wrap items-center justify-center gap-x-2 border-b bg-warning/15 px-4 py-2 text-center text-sm"
    >
      <Inbox className="size-4 shrink-0" aria-hidden />
      <span>Mail is captured, not delivered: nothing leaves this machine.</span>
      <Link to="/outbox" className="font-medium underline underline-offset-4">
        Open the outbox
      </Link>
    </section>
  );
}

function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const session = authClient.useSession();
  const signOut = useSignOut();
  const activeId = tabIdForPath(pathname);

  return (
    <div className="flex h-full flex-col gap-4 p-4">
      <Link to="/" onClick={onNavigate} className="flex items-center gap-2 px-2 font-semibold text-lg">
        <Mail className="size-6 text-primary" aria-hidden /> Coldreach
      </Link>
      <Button asChild className="w-full">
        <Link to="/campaigns/create" onClick={onNavigate}>
          <Plus aria-hidden /> New Campaign
        </Link>
      </Button>
      <nav aria-label="Main" className="-mx-1 flex-1 overflow-y-auto">
        <ul className="space-y-0.5 px-1">
          {navTabs.map((tab) => {
            const active = tab.id === activeId;
            return (
              <li key={tab.id}>
                <Link
                  to={tab.path}
                  id={`tab-${tab.id}`}
                  data-tab-id={tab.id}
                  aria-current={active ? "page" : undefined}
                  onClick={onNavigate}
                  className={cn(
                    "flex items-center gap-3 rounded-md px-3 py-2 font-medium text-muted-foreground text-sm outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring",
                    active && "bg-primary/10 text-primary hover:bg-primary/15 hover:text-primary",
                  )}
                >
                  <tab.icon className="size-4" aria-hidden />
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="space-y-3 border-t pt-4">
        <ThemeSwitcher />
        <p className="truncate px-1 text-muted-foreground text-sm" title={session.data?.user.email}>
          {session.data?.user.email}
        </p>
        <Button variant="outline" className="w-full" onClick={() => void signOut()}>
          <LogOut aria-hidden /> Sign Out
        </Button>
      </div>
    </div>
  );
}

/** The layout of every protected route: side menu plus the screen for the path. */
export function AppShell() {
  const appInfo = useAppInfo();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    // The page itself never scrolls: the side menu and the content scroll on
    // their own, so the banner never pushes Sign Out below the fold.
    <div className="flex h-dvh flex-col">
      {appInfo.data?.mailDelivery === "capture" && <CaptureBanner />}
      <div className="flex min-h-0 flex-1">
        <aside className="hidden h-full w-64 shrink-0 overflow-y-auto border-r bg-card lg:block">
          <SideMenu />
        </aside>
        {menuOpen && (
          <div className="fixed inset-0 z-40 lg:hidden">
            <button
              type="button"
              aria-label="Close menu"
              className="absolute inset-0 bg-black/40"
              onClick={() => setMenuOpen(false)}
            />
            <aside className="absolute inset-y-0 left-0 w-64 border-r bg-card shadow-lg">
              <Button
                variant="ghost"
                size="icon"
                className="absolute top-3 right-3"
                aria-label="Close menu"
                onClick={() => setMenuOpen(false)}
              >
                <X aria-hidden />
              </Button>
              <SideMenu onNavigate={() => setMenuOpen(false)} />
            </aside>
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col overflow-y-auto">
          <header className="flex items-center gap-2 border-b p-3 lg:hidden">
            <Button variant="ghost" size="icon" aria-label="Open menu" onClick={() => setMenuOpen(true)}>
              <Menu aria-hidden />
            </Button>
            <span className="font-semibold">Coldreach</span>
          </header>
          <main className="mx-auto w-full max-w-6xl flex-1 p-4 md:p-8">
            <Outlet />
          </main>
        </div>
      </div>
    </div>
  );
}
