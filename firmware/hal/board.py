"""Pins of the reference build, GENERATED from hardware/pins.json.

Do not edit: change the pin map and run `python -m host_tools hardware`.
Button tuples follow hal.buttons order: up down left right a b start."""

# ESP32 (machine.Pin numbers); board: upesy-wroom-lp
SPI_ID = 2
SPI_BAUD = 10000000
SCK = 18
MOSI = 23
EPD_CS = 14
EPD_DC = 22
EPD_RST = 21
EPD_BUSY = 34
BUTTON_PINS = (32, 33, 25, 26, 27, 4, 13)
BATTERY_ADC = 36
BATTERY_RATIO = 2.0  # own divider: 1M over 1M
CHARGE_PIN = None  # no charge-status line on this board
CHARGE_ACTIVE = 0

# Blinka (board.<name>)
BLINKA_SPI_BAUD = 4000000
BLINKA_SCK = 'SCK'
BLINKA_MOSI = 'MOSI'
BLINKA_EPD = ('D8', 'D25', 'D17', 'D24')  # cs, dc, rst, busy
BLINKA_BUTTONS = ('D5', 'D6', 'D13', 'D19', 'D26', 'D16', 'D20')
