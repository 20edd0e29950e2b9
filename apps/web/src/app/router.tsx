import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { NotFoundScreen } from '../components/not-found-screen.tsx';
import { RouteError } from '../components/route-error.tsx';
import { RouteGuard } from '../components/route-guard.tsx';
import { primeJersey } from '../features/catalogue/api/early-jersey.ts';
import { primeNextDuel } from '../features/duels/api/early-duel.ts';
import { primeGlobalRanking } from '../features/rankings/api/early-ranking.ts';
import { shopEnabled } from '../lib/features.ts';
import { i18n } from '../lib/i18n.ts';
import { provideMemberFollow } from '../lib/member-follow.ts';
import { registerNavigator } from '../lib/navigation.ts';
import { RootFallback, RootLayout } from './layouts/root-layout.tsx';

// The pages of a jersey, a team and a tournament show the notifications feature's follow toggle to members.
provideMemberFollow(() =>
  import('../features/notifications/components/member-follow.tsx').then((m) => ({ default: m.MemberFollow })),
);

/** Sistema's shop section: registered only when the server runs the shop (docs/decisions/0018-shop.md). */
const shopSistemaRoutes = (enabled: boolean): RouteObject[] =>
  enabled
    ? [
        {
          path: 'produtos',
          lazy: () =>
            import('../features/sistema/routes/sistema-products-route.tsx').then((m) => ({
              Component: m.SistemaProductsRoute,
            })),
        },
      ]
    : [];

/**
 * The shop's screens (docs/decisions/0018-shop.md): only when the server enables the shop, so with it off
 * /loja is the ordinary not-found screen.
 */
export function shopRoutes(enabled: boolean): RouteObject[] {
  if (!enabled) return [];
  return [
    {
      path: 'loja',
      children: [
        {
          index: true,
          lazy: () => import('../features/shop/routes/shop-route.tsx').then((m) => ({ Component: m.ShopRoute })),
        },
        {
          path: ':productSlug',
          lazy: () => import('../features/shop/routes/product-route.tsx').then((m) => ({ Component: m.ProductRoute })),
        },
      ],
    },
  ];
}

/**
 * Whether this page is the browser's to draw: a page the server drew (entry-server.tsx) comes with its
 * answers, so nothing is asked for early; nor is anything on the server. The pages after it are the
 * browser's (main.tsx takes the answers out once read).
 */
const drawnInBrowser = () => typeof document !== 'undefined' && document.getElementById('ssr-state') === null;

/**
 * Starts fetching a screen's translations with its code, not after it: the screen suspends on them
 * at its first render, so waiting for the chunk first puts one more round trip before the first paint.
 */
function withTexts<T>(namespaces: string[], load: () => Promise<T>): Promise<T> {
  void i18n.loadNamespaces(namespaces);
  return load();
}

/**
 * Every screen of docs/product.md §2 that exists, each lazily loaded: the duels (home page, team
 * chooser, team duel), auth and profile, the catalogue, the rankings, the tournaments (list, bracket,
 * and the round's duels, which the duels feature draws: docs/tournaments.md §6), the current terms, the
 * shop (when the server enables it), and Sistema (dashboard, teams, jerseys, models, suppliers,
 * tournaments, products with the shop, feedbacks, suspicious votes; for Admins, users, the audit trail
 * and the terms of use).
 */
export const appRoutes = (shop = shopEnabled()): RouteObject[] => [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: RootFallback,
    ErrorBoundary: RouteError,
    children: [
      {
        // A pathless boundary keeps the header and footer when a page fails.
        ErrorBoundary: RouteError,
        children: [
          {
            // The home page is the global duel (docs/product.md §2); the home feature frames it.
            index: true,
            // Once, when the home page is first wanted: its first duel is asked for now, alongside
            // its code and texts, not after they have arrived and rendered (features/duels/api/early-duel.ts);
            // a page the server drew came with it.
            lazy: () => {
              if (drawnInBrowser()) primeNextDuel({});
              return withTexts(['duels'], () =>
                Promise.all([
                  import('../features/home/routes/home-route.tsx'),
                  import('../features/duels/routes/global-duel-route.tsx'),
                ]),
              ).then(([{ HomeRoute }, { GlobalDuelRoute }]) => ({
                Component: () => <HomeRoute duel={<GlobalDuelRoute />} />,
              }));
            },
          },
          {
            path: 'comparar/times',
            children: [
              {
                index: true,
                lazy: () =>
                  import('../features/duels/routes/team-chooser-route.tsx').then((m) => ({
                    Component: m.TeamChooserRoute,
                  })),
              },
              {
                path: ':teamSlug',
                lazy: () =>
                  import('../features/duels/routes/team-duel-route.tsx').then((m) => ({ Component: m.TeamDuelRoute })),
              },
              {
                path: ':teamSlug/:modelSlug',
                lazy: () =>
                  import('../features/duels/routes/team-duel-route.tsx').then((m) => ({ Component: m.TeamDuelRoute })),
              },
            ],
          },
          {
            path: 'auth',
            children: [
              {
                element: <RouteGuard rule="signedOut" />,
                children: [
                  {
                    path: 'login',
                    lazy: () =>
                      import('../features/auth/routes/login-route.tsx').then((m) => ({ Component: m.LoginRoute })),
                  },
                  {
                    path: 'registrar',
                    lazy: () =>
                      import('../features/auth/routes/register-route.tsx').then((m) => ({
                        Component: m.RegisterRoute,
                      })),
                  },
                  {
                    path: 'confirmar-email',
                    lazy: () =>
                      import('../features/auth/routes/confirm-email-route.tsx').then((m) => ({
                        Component: m.ConfirmEmailRoute,
                      })),
                  },
                  {
                    path: 'redefinir-senha',
                    lazy: () =>
                      import('../features/auth/routes/reset-password-route.tsx').then((m) => ({
                        Component: m.ResetPasswordRoute,
                      })),
                  },
                  {
                    path: 'esqueci-senha',
                    lazy: () =>
                      import('../features/auth/routes/forgot-password-route.tsx').then((m) => ({
                        Component: m.ForgotPasswordRoute,
                      })),
                  },
                ],
              },
              {
                element: <RouteGuard rule="signedIn" />,
                children: [
                  {
                    path: 'perfil',
                    lazy: () =>
                      import('../features/auth/routes/profile-route.tsx').then((m) => ({ Component: m.ProfileRoute })),
                  },
                ],
              },
              // The social sign-in callback: it signs the user in, so it is not signed-out-only.
              {
                path: 'social',
                lazy: () =>
                  import('../features/auth/routes/social-callback-route.tsx').then((m) => ({
                    Component: m.SocialCallbackRoute,
                  })),
              },
            ],
          },
          {
            path: 'camisas',
            children: [
              {
                index: true,
                lazy: () =>
                  import('../features/catalogue/routes/teams-route.tsx').then((m) => ({ Component: m.TeamsRoute })),
              },
              {
                path: 'time/:teamSlug',
                lazy: () =>
                  import('../features/catalogue/routes/team-jerseys-route.tsx').then((m) => ({
                    Component: m.TeamJerseysRoute,
                  })),
              },
              {
                path: 'time/:teamSlug/:jerseySlug',
                lazy: () => {
                  // Loaded at this address: the jersey is asked for now, alongside the code (as the rankings).
                  if (drawnInBrowser()) primeJersey(window.location.pathname);
                  return withTexts(
                    ['catalogue', 'rankings', 'tournaments'],
                    () => import('../features/catalogue/routes/jersey-route.tsx'),
                  ).then((m) => ({
                    Component: m.JerseyRoute,
                  }));
                },
              },
            ],
          },
          {
            // A member's collection, when they made it public (ADR 0042).
            path: 'colecao/:shareId',
            lazy: () =>
              withTexts(['catalogue'], () => import('../features/catalogue/routes/public-collection-route.tsx')).then(
                (m) => ({ Component: m.PublicCollectionRoute }),
              ),
          },
          {
            path: 'rankings',
            children: [
              {
                index: true,
                lazy: () => {
                  // Loaded at this address: its ranking is asked for now, alongside the code. After a
                  // navigation (the address is still the previous page's) the page asks itself.
                  if (drawnInBrowser() && window.location.pathname === '/app/rankings')
                    primeGlobalRanking(window.location.search);
                  return withTexts(
                    ['rankings'],
                    () => import('../features/rankings/routes/global-ranking-route.tsx'),
                  ).then((m) => ({ Component: m.GlobalRankingRoute }));
                },
              },
              {
                path: 'times',
                lazy: () =>
                  import('../features/rankings/routes/team-rankings-route.tsx').then((m) => ({
                    Component: m.TeamRankingsRoute,
                  })),
              },
              {
                path: 'times/:teamSlug',
                lazy: () =>
                  import('../features/rankings/routes/team-ranking-route.tsx').then((m) => ({
                    Component: m.TeamRankingRoute,
                  })),
              },
              {
                // A voter's own ranking: personal, drawn in the browser (not by the server).
                path: 'meu',
                lazy: () =>
                  withTexts(['rankings'], () => import('../features/rankings/routes/my-ranking-route.tsx')).then(
                    (m) => ({ Component: m.MyRankingRoute }),
                  ),
              },
              {
                path: 'como-funciona',
                lazy: () =>
                  withTexts(['rankings'], () => import('../features/rankings/routes/ranking-method-route.tsx')).then(
                    (m) => ({ Component: m.RankingMethodRoute }),
                  ),
              },
              {
                path: 'torcidas/:teamSlug',
                lazy: () =>
                  withTexts(['rankings'], () => import('../features/rankings/routes/fanbase-ranking-route.tsx')).then(
                    (m) => ({ Component: m.FanbaseRankingRoute }),
                  ),
              },
            ],
          },
          {
            path: 'torneios',
            children: [
              {
                index: true,
                lazy: () =>
                  withTexts(['tournaments'], () => import('../features/tournaments/routes/tournaments-route.tsx')).then(
                    (m) => ({
                      Component: m.TournamentsRoute,
                    }),
                  ),
              },
              {
                path: ':slug',
                lazy: () =>
                  import('../features/tournaments/routes/tournament-route.tsx').then((m) => ({
                    Component: m.TournamentRoute,
                  })),
              },
              {
                // The round's matches are voted on the duel screen, so the duels feature owns this route.
                path: ':slug/votar',
                lazy: () =>
                  import('../features/duels/routes/tournament-duel-route.tsx').then((m) => ({
                    Component: m.TournamentDuelRoute,
                  })),
              },
            ],
          },
          ...shopRoutes(shop),
          {
            path: 'notificacoes',
            children: [
              {
                element: <RouteGuard rule="signedIn" />,
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('../features/notifications/routes/notifications-route.tsx').then((m) => ({
                        Component: m.NotificationsRoute,
                      })),
                  },
                ],
              },
              {
                // A digest's unsubscribe link: works signed out (docs/notifications.md §4).
                path: 'cancelar',
                lazy: () =>
                  import('../features/notifications/routes/unsubscribe-route.tsx').then((m) => ({
                    Component: m.UnsubscribeRoute,
                  })),
              },
            ],
          },
          {
            path: 'termos',
            lazy: () => import('../features/auth/routes/terms-route.tsx').then((m) => ({ Component: m.TermsRoute })),
          },
          {
            path: 'privacidade',
            lazy: () =>
              import('../features/auth/routes/privacy-route.tsx').then((m) => ({ Component: m.PrivacyRoute })),
          },
          {
            path: 'sistema',
            element: <RouteGuard rule="moderator" />,
            children: [
              {
                lazy: () =>
                  import('../features/sistema/components/sistema-layout.tsx').then((m) => ({
                    Component: m.SistemaLayout,
                  })),
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('../features/sistema/routes/sistema-dashboard-route.tsx').then((m) => ({
                        Component: m.SistemaDashboardRoute,
                      })),
                  },
                  {
                    path: 'times',
                    lazy: () =>
                      import('../features/sistema/routes/sistema-teams-route.tsx').then((m) => ({
                        Component: m.SistemaTeamsRoute,
                      })),
                  },
                  {
                    path: 'camisas',
                    lazy: () =>
                      import('../features/sistema/routes/sistema-jerseys-route.tsx').then((m) => ({
                        Component: m.SistemaJerseysRoute,
                      })),
                  },
                  {
                    path: 'modelos',
                    lazy: () =>
                      import('../features/sistema/routes/sistema-named-route.tsx').then((m) => ({
                        Component: m.SistemaModelsRoute,
                      })),
                  },
                  {
                    path: 'fornecedores',
                    lazy: () =>
                      import('../features/sistema/routes/sistema-named-route.tsx').then((m) => ({
                        Component: m.SistemaSuppliersRoute,
                      })),
                  },
                  {
                    path: 'torneios',
                    lazy: () =>
                      import('../features/sistema/routes/sistema-tournaments-route.tsx').then((m) => ({
                        Component: m.SistemaTournamentsRoute,
                      })),
                  },
                  {
                    path: 'feedbacks',
                    lazy: () =>
                      import('../features/sistema/routes/sistema-feedbacks-route.tsx').then((m) => ({
                        Component: m.SistemaFeedbacksRoute,
                      })),
                  },
                  {
                    path: 'votos-suspeitos',
                    lazy: () =>
                      import('../features/sistema/routes/sistema-vote-flags-route.tsx').then((m) => ({
                        Component: m.SistemaVoteFlagsRoute,
                      })),
                  },
                  ...shopSistemaRoutes(shop),
                  {
                    // Admins only: a Moderator sees 'Acesso Negado' inside the Sistema layout.
                    element: <RouteGuard rule="admin" />,
                    children: [
                      {
                        path: 'usuarios',
                        lazy: () =>
                          import('../features/sistema/routes/sistema-users-route.tsx').then((m) => ({
                            Component: m.SistemaUsersRoute,
                          })),
                      },
                      {
                        // docs/security.md item 26.
                        path: 'auditoria',
                        lazy: () =>
                          import('../features/sistema/routes/sistema-audit-route.tsx').then((m) => ({
                            Component: m.SistemaAuditRoute,
                          })),
                      },
                      {
                        // docs/decisions/0017-terms-re-consent.md.
                        path: 'termos',
                        lazy: () =>
                          import('../features/sistema/routes/sistema-terms-route.tsx').then((m) => ({
                            Component: m.SistemaTermsRoute,
                          })),
                      },
                    ],
                  },
                  // Unknown Sistema paths stay behind the guard and inside the Sistema layout.
                  { path: '*', Component: NotFoundScreen },
                ],
              },
            ],
          },
          { path: '*', Component: NotFoundScreen },
        ],
      },
    ],
  },
];

/**
 * Loads, in place, the code of the routes `pathname` matches: a router made from them draws that page at
 * its first render, so a page drawn by the server is hydrated as it is instead of giving way to the
 * loading screen (entry-server.tsx, ADR 0038).
 */
export async function loadRoutesFor(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname, '/app') ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded);
      delete route.lazy;
    }),
  );
}

export function createAppRouter(routes: RouteObject[] = appRoutes()) {
  const router = createBrowserRouter(routes, { basename: '/app' });
  registerNavigator((to, options) => router.navigate(to, options));
  return router;
}
