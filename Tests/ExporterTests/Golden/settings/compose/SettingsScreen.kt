package com.example.settings

import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.*
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.itemsIndexed
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material.icons.Icons
import androidx.compose.material.icons.filled.*
import androidx.compose.material3.*
import androidx.compose.runtime.*
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clip
import androidx.compose.ui.semantics.*
import androidx.compose.ui.text.input.PasswordVisualTransformation
import androidx.compose.ui.unit.dp

/** The "Settings" screen, drawn in sketchd. */
@OptIn(ExperimentalMaterial3Api::class)
@Composable
fun SettingsScreen() {
    val settingsItems = remember {
        mutableStateListOf(
            SettingsItem(title = "Wi-Fi", isOn = true),
            SettingsItem(title = "Bluetooth", isOn = false),
            SettingsItem(title = "Airplane Mode", isOn = false),
        )
    }
    var slider1 by remember { mutableStateOf(0.5f) }
    var appearancePicker by remember { mutableStateOf(0) }
    var languagePicker by remember { mutableStateOf(0) }
    Scaffold(
        topBar = {
            TopAppBar(
                title = { Text("Settings") },
            )
        },
    ) { innerPadding ->
        Column(modifier = Modifier.padding(innerPadding).fillMaxSize().background(Theme.background).padding(start = 20.dp, top = 0.dp, end = 20.dp, bottom = 16.dp), verticalArrangement = Arrangement.spacedBy(16.dp), horizontalAlignment = Alignment.Start) {
            LazyColumn(modifier = Modifier.weight(1f)) {
                itemsIndexed(settingsItems) { index, item ->
                    ListItem(
                        headlineContent = { Text(item.title) },
                        trailingContent = { Switch(checked = item.isOn, onCheckedChange = { settingsItems[index] = item.copy(isOn = it) }) },
                    )
                }
            }
            Text(text = "Brightness", style = MaterialTheme.typography.bodyLarge)
            Slider(value = slider1, onValueChange = { slider1 = it }, colors = SliderDefaults.colors(thumbColor = Theme.inkRed, activeTrackColor = Theme.inkRed))
            TabRow(selectedTabIndex = appearancePicker) {
                listOf("Light", "Dark", "Auto").forEachIndexed { index, option ->
                    Tab(selected = appearancePicker == index, onClick = { appearancePicker = index }, text = { Text(option) })
                }
            }
            Box {
                val options = listOf("Option 1", "Option 2", "Option 3")
                var expanded by remember { mutableStateOf(false) }
                TextButton(onClick = { expanded = true }) {
                    Text("Language" + ": " + options[languagePicker])
                }
                DropdownMenu(expanded = expanded, onDismissRequest = { expanded = false }) {
                    options.forEachIndexed { index, option ->
                        DropdownMenuItem(text = { Text(option) }, onClick = { languagePicker = index; expanded = false })
                    }
                }
            }
            Spacer(modifier = Modifier.weight(1f))
        }
    }
}

/** One row of a list on the "Settings" screen. */
data class SettingsItem(val title: String, val isOn: Boolean)
