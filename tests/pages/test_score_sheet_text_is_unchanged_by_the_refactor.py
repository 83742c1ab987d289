"""The text score sheet (the /demo/ page, the command line, the worker's demo task) reads the
same rows as the HTML sheet since the refactor, and prints exactly what it printed before:
these sheets were captured from the version before score_sheet_rows existed."""

import pytest

from games.engine.playout import play_out, score_sheet

KING_SEED_7 = """\
King: 10 deals scored
  #  Dealer Contract                                         P0     P1     P2     P3    Hand
--------------------------------------------------------------------------------------------
  1  P0     Vazas (no tricks)                               -60    -60   -100    -40    -260
  2  P1     Copas (no hearts)                               -80    -60    -60    -60    -260
  3  P2     Mulheres (no queens)                              0    -50    -50   -100    -200
  4  P3     Homens (no K, J)                                -60   -120    -30    -30    -240
  5  P0     King (no K of hearts)                             0      0   -160      0    -160
  6  P1     Duas Ultimas (last two)                         -90      0    -90      0    -180
  7  P2     Positiva up ♦                                   100    100     50     75     325
  8  P3     Positiva up ♥                                   100     50    125     50     325
  9  P0     Positiva up ♣                                    50    100     75    100     325
 10  P1     Positiva (forfeit)                               75    100     75     75     325
--------------------------------------------------------------------------------------------
            Totals                                           35     60   -165     70       0
Winner: P3 (complete)"""

RIFKI_SEED_0 = """\
Rifki: 20 deals scored
  #  Decl.  Contract                                         P0     P1     P2     P3    Hand
--------------------------------------------------------------------------------------------
  1  P1     Erkek (no K, J)                                -300      0      0   -180    -480
  2  P0     Erkek (no K, J)                                   0   -300      0   -180    -480
  3  P3     Koz ♦ (trumps)                                    0    350    250     50     650
  4  P2     Koz ♦ (trumps)                                  300    150     50    150     650
  5  P1     Koz ♣ (trumps)                                  100    200    200    150     650
  6  P0     Koz ♠ (trumps)                                  150    250    200     50     650
  7  P3     Son Iki (last two)                             -180   -180      0      0    -360
  8  P2     Kiz (no queens)                                   0   -100   -100   -200    -400
  9  P1     Kiz (no queens)                                   0   -400      0      0    -400
 10  P0     Koz ♥ (trumps)                                  250    200    150     50     650
 11  P3     Koz ♣ (trumps)                                  200    100    300     50     650
 12  P2     Koz ♦ (trumps)                                  200    150     50    250     650
 13  P1     Koz ♦ (trumps)                                   50    100    300    200     650
 14  P0     Son Iki (last two)                                0      0      0   -360    -360
 15  P3     Rifki (no K of hearts)                            0      0      0   -320    -320
 16  P2     El Almaz (no tricks)                            -50   -150   -200   -250    -650
 17  P1     Rifki (no K of hearts)                        cancelled: rifki_unguarded
 17  P1     Rifki (no K of hearts)                            0      0      0   -320    -320
 18  P0     Kupa (no hearts)                               -150    -90   -120    -30    -390
 19  P3     El Almaz (no tricks)                            -50   -150   -300   -150    -650
 20  P2     Kupa (no hearts)                               -120   -120      0   -150    -390
--------------------------------------------------------------------------------------------
            Totals                                          400     10    780  -1190       0
Winners: P0, P1, P2 (complete)"""  # deal 17 was cancelled and dealt again: its row carries no scores


@pytest.mark.parametrize("ruleset,seed,sheet", [("king", 7, KING_SEED_7), ("rifki", 0, RIFKI_SEED_0)])
def test_the_text_sheet_is_unchanged_character_for_character(ruleset, seed, sheet):
    assert score_sheet(play_out(ruleset, seed)) == sheet
