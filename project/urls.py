from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path

from games.pages import decks, history, login_throttle, players, replay_page, simulator, views

urlpatterns = [
    path("", views.hall, name="hall"),
    path("g/<slug:game>/", views.lobby, name="lobby"),
    path("g/<slug:game>/how-to-play/", views.how_to_play, name="how_to_play"),
    path("g/<slug:game>/leaderboard/", players.leaderboard, name="leaderboard"),
    path("u/<str:name>/", players.player_page, name="player"),
    path("g/<slug:game>/create/", views.create, name="create"),
    path("m/<str:code>/", views.match_page, name="match"),
    path("m/<str:code>/join/", views.join, name="join"),
    path("m/<str:code>/abort/", views.abort, name="abort"),
    path("m/<str:code>/resign/", views.resign, name="resign"),
    path("m/<str:code>/rematch/", views.rematch, name="rematch"),
    path("m/<str:code>/decline/", views.decline_rematch, name="decline_rematch"),
    path("m/<str:code>/replay/", replay_page.replay, name="replay"),
    path("m/<str:code>/record.json", replay_page.record, name="record"),
    path("me/matches/", history.history, name="history"),
    path("me/guest/", views.become_guest, name="become_guest"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", login_throttle.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("decks/<slug:game>/", decks.deck_list, name="deck_list"),
    path("decks/<slug:game>/new/", decks.deck_edit, name="deck_new"),
    path("decks/<slug:game>/validate/", decks.deck_validate, name="deck_validate"),
    path("decks/<slug:game>/<int:pk>/", decks.deck_edit, name="deck_edit"),
    path("decks/<slug:game>/<int:pk>/duplicate/", decks.deck_duplicate, name="deck_duplicate"),
    path("decks/<slug:game>/<int:pk>/delete/", decks.deck_delete, name="deck_delete"),
    path("decks/card-battle/simulate/", simulator.simulate_page, name="simulate"),
    path("decks/card-battle/simulate/run/", simulator.simulate_chunk, name="simulate_chunk"),
    path("admin/", admin.site.urls),
]
